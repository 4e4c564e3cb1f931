/**
 * The live-room content blocks and the episode playback helper, loaded as one chunk: they show together around the
 * player, and one shared import keeps their registry entries (which ship with the first load) small.
 */
export { default as WatchProgress } from '../features/episodes/WatchProgress';
export { Episodes } from './episodes/Episodes';
export { ImageText } from './image-text/ImageText';
export { Invite } from './invite/Invite';
export { MoreNew } from './more-new/MoreNew';
export { RelatedVideos } from './related-videos/RelatedVideos';
export { VoteTotals } from './vote-totals/VoteTotals';
export { Welcome } from './welcome/Welcome';

/**
 * The video header's save button and menu, a chunk of their own (shared with the player page's): the live room's
 * preload list, which ships with the first load, then does not grow by their files.
 */
export const videoActions = () => import('./video-header/VideoActions');
