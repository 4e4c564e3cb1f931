import { lazy, Suspense } from 'react';
import type { BlockComponent, BlockProps } from '../types';

/**
 * A block whose code loads once the rest of the page has rendered, behind its own Suspense boundary: the blocks above
 * it show without waiting for it, and it appears in its place when its code arrives. Only for blocks below the fold,
 * where appearing late moves nothing the viewer is looking at.
 */
export function deferred<M>(load: () => Promise<M>, pick: (module: M) => BlockComponent): BlockComponent {
  const Block = lazy(() => load().then((module) => ({ default: pick(module) })));
  return function DeferredBlock(props: BlockProps) {
    return (
      <Suspense fallback={null}>
        <Block {...props} />
      </Suspense>
    );
  };
}
