import type { ComponentType } from 'react';

/** A block component receives its config props (already validated against schemas/blocks/<type>.schema.json). */
export type BlockProps<P = Record<string, unknown>> = { props: P };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each block narrows its own props; the registry holds them all.
export type BlockComponent = ComponentType<BlockProps<any>>;
