import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { appConfig } from '../engine/config';
import { afterPriority } from '../lib/priority';
import { withTimeout } from '../lib/time-limit';
import type { BlockPropsByType } from './props.gen';

/** A block type: one per schemas/blocks/<type>.schema.json. */
export type BlockType = keyof BlockPropsByType;

/**
 * A block component receives its config props, typed from its schema (src/blocks/props.gen.ts) and already validated
 * against it, defaults filled in, by the config check.
 */
export type BlockProps<T extends BlockType> = { props: BlockPropsByType[T] };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each block narrows its own props; the registry holds them all.
export type BlockComponent = ComponentType<{ props: any }>;

/**
 * Where a block's declaration, and so its code, ships (src/blocks/groups.ts says how each group loads):
 * - `first-load`: with the app (blocks above the fold of the live room, or a block whose `load` is its own chunk);
 * - `live-room`: the live-room blocks around the player, one chunk;
 * - `channel`: the channel home's first screen and the channel room's bar, one chunk;
 * - `channel-later`: the channel home's blocks below the fold, one chunk asked for once the first screen renders;
 * - `account`, `vote`, `shop`, `engage`: a small table of the area's blocks, each block its own chunk (`load`).
 */
export type BlockGroup =
  'first-load' | 'live-room' | 'channel' | 'channel-later' | 'account' | 'vote' | 'shop' | 'engage';
export type LoadedGroup = Exclude<BlockGroup, 'first-load'>;

/**
 * A block folder's declaration (its block.ts): its type, its group, and its component, either imported (it ships with
 * its group's chunk) or loaded (`load`: a chunk of its own, asked for when a page shows the block).
 */
export type BlockDeclaration<T extends BlockType> = { type: T; group: BlockGroup } & (
  { component: ComponentType<BlockProps<T>> } | { load: () => Promise<ComponentType<BlockProps<T>>> }
);

export function defineBlock<T extends BlockType>(declaration: BlockDeclaration<T>): BlockDeclaration<T> {
  return declaration;
}

/** A table of declarations keyed by their type (generated: src/blocks/registry.gen.ts, src/blocks/groups/). */
export type GroupTable = { [T in BlockType]?: BlockDeclaration<T> };

/**
 * A block's code loaded with React's `lazy`, given up after the spec's chunk-load time-out. React keeps a load that
 * failed for good, so the block's retry (`reloadOf`) starts a fresh one. `ownSuspense`: the block waits for its code in
 * a Suspense boundary of its own instead of its page's.
 */
export function loadedBlock(load: () => Promise<BlockComponent>, ownSuspense = false): BlockComponent {
  const start = () =>
    withTimeout(load(), appConfig.constants.chunkLoadTimeoutMs).then((component) => ({ default: component }));
  let Loaded = lazy(start);
  const Block: BlockComponent = (props) =>
    ownSuspense
      ? createElement(Suspense, { fallback: null }, createElement(Loaded, props))
      : createElement(Loaded, props);
  reloads.set(Block, () => {
    Loaded = lazy(start);
  });
  return Block;
}

const reloads = new WeakMap<BlockComponent, () => void>();

/** Starts a fresh load of a block's code, for its retry (nothing for a block whose code came with the page). */
export const reloadOf = (block: BlockComponent): (() => void) | undefined => reloads.get(block);

/**
 * A block whose code loads only when a page shows it: everything the home route imports statically counts against the
 * first-load budget, so blocks below the fold or with heavy code register through this.
 */
export function lazyBlock(load: () => Promise<BlockComponent>): BlockComponent {
  // What the page needs first (the live room's player) may hold the code of the blocks back (src/lib/priority.ts).
  const block = loadedBlock(() => afterPriority().then(load));
  lazyBlocks.add(block);
  return block;
}

const lazyBlocks = new WeakSet<BlockComponent>();

export const isLazyBlock = (block: BlockComponent): boolean => lazyBlocks.has(block);
