import { lazy, type ComponentType } from 'react';
import { afterPriority } from '../lib/priority';

/** A block component receives its config props (already validated against schemas/blocks/<type>.schema.json). */
export type BlockProps<P = Record<string, unknown>> = { props: P };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each block narrows its own props; the registry holds them all.
export type BlockComponent = ComponentType<BlockProps<any>>;

/**
 * A block whose code loads only when a page shows it: everything the home route imports statically counts against the
 * first-load budget, so blocks below the fold or with heavy code register through this.
 */
export function lazyBlock<M>(load: () => Promise<M>, pick: (module: M) => BlockComponent): BlockComponent {
  // What the page needs first (the live room's player) may hold the code of the blocks back (src/lib/priority.ts).
  const block = lazy(() =>
    afterPriority()
      .then(load)
      .then((module) => ({ default: pick(module) })),
  );
  lazyBlocks.add(block);
  return block;
}

const lazyBlocks = new WeakSet<BlockComponent>();

export const isLazyBlock = (block: BlockComponent): boolean => lazyBlocks.has(block);
