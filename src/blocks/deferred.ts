import { loadedBlock, type BlockComponent } from './types';

/**
 * A block whose code loads once the rest of the page has rendered, behind its own Suspense boundary: the blocks above
 * it show without waiting for it, and it appears in its place when its code arrives. Only for blocks below the fold,
 * where appearing late moves nothing the viewer is looking at.
 */
export const deferred = (load: () => Promise<BlockComponent>): BlockComponent => loadedBlock(load, true);
