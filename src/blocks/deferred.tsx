import { lazy, Suspense } from 'react';
import type { BlockComponent } from './types';

/**
 * A block whose code loads once the rest of the page has rendered, behind its own Suspense boundary: the blocks above
 * it show without waiting for it, and it appears in its place when its code arrives. Only for blocks below the fold,
 * where appearing late moves nothing the viewer is looking at.
 */
export function deferred(load: () => Promise<BlockComponent>): BlockComponent {
  const Block = lazy(() => load().then((component) => ({ default: component })));
  return function DeferredBlock(props: { props: unknown }) {
    return (
      <Suspense fallback={null}>
        <Block {...props} />
      </Suspense>
    );
  };
}
