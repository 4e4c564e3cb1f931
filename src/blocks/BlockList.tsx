import { Suspense } from 'react';
import type { BlockConfig } from '../engine/config';
import { lookup } from '../engine/registry';
import { blockRegistry } from './registry';

/**
 * Renders a route's blocks in config order. The config check has already rejected unknown types. Each block has its
 * own Suspense boundary, so a lazily registered block (see `lazyBlock`) loads without holding back the others.
 */
export function BlockList({ blocks }: { blocks: readonly BlockConfig[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        const Block = lookup(blockRegistry, block.type);
        return Block ? (
          <Suspense key={`${block.type}-${index}`} fallback={null}>
            <Block props={block.props ?? {}} />
          </Suspense>
        ) : null;
      })}
    </>
  );
}
