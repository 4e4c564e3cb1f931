import { Fragment, Suspense } from 'react';
import type { BlockConfig } from '../engine/config';
import { lookup } from '../engine/registry';
import { blockRegistry } from './registry';
import { isLazyBlock } from './types';

/**
 * Renders a route's blocks in config order. The config check has already rejected unknown types.
 *
 * Blocks up to the first lazily registered one (see `lazyBlock`) render at once. From there on, the rest of the page
 * waits in one Suspense boundary until its code (and the first data of blocks that suspend for it) has arrived, so
 * blocks do not appear one by one above content already on screen and push it down (layout shift).
 */
export function BlockList({ blocks }: { blocks: readonly BlockConfig[] }) {
  const rendered = blocks.flatMap((block, index) => {
    const Block = lookup(blockRegistry, block.type);
    if (!Block) return [];
    const element = (
      <Fragment key={`${block.type}-${index}`}>
        <Block props={block.props ?? {}} />
      </Fragment>
    );
    return [{ lazy: isLazyBlock(Block), element }];
  });
  const firstLazy = rendered.findIndex((block) => block.lazy);
  const split = firstLazy === -1 ? rendered.length : firstLazy;
  const later = rendered.slice(split).map((block) => block.element);
  return (
    <>
      {rendered.slice(0, split).map((block) => block.element)}
      {later.length > 0 ? <Suspense fallback={null}>{later}</Suspense> : null}
    </>
  );
}
