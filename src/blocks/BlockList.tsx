import type { BlockConfig } from '../engine/config';
import { lookup } from '../engine/registry';
import { blockRegistry } from './registry';

/** Renders a route's blocks in config order. The config check has already rejected unknown types. */
export function BlockList({ blocks }: { blocks: readonly BlockConfig[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        const Block = lookup(blockRegistry, block.type);
        return Block ? <Block key={`${block.type}-${index}`} props={block.props ?? {}} /> : null;
      })}
    </>
  );
}
