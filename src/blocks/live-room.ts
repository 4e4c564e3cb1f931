/**
 * The live-room group's chunk: its blocks' declarations (groups/live-room.gen.ts) and the episode playback helper.
 * They show together around the player, and one shared import keeps what the first load carries for them small.
 */
export { default as WatchProgress } from '../features/episodes/WatchProgress';
export { blocks } from './groups/live-room.gen';

/**
 * The video header's save button and menu, a chunk of their own (shared with the player page's): the live room's
 * preload list, which ships with the first load, then does not grow by their files.
 */
export const videoActions = () => import('./video-header/VideoActions');
