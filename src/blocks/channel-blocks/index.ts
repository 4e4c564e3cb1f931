/**
 * The channel blocks, in two chunks. This one holds the channel home's first screen (header, live now, search and the
 * category list) and the channel room's bar: one request brings them together on a slow network, and their registry
 * entries, which ship with the first load, stay short. The blocks below the fold (introduction, official account,
 * rankings) are in a second chunk, asked for once the first screen renders, so it does not wait for their code
 * (DOMPurify for the introduction among it).
 */
import { deferred } from './deferred';

export { ChannelHeader } from '../channel-header/ChannelHeader';
export { ChannelLive } from '../channel-live/ChannelLive';
export { ChannelRoomBar } from '../channel-room-bar/ChannelRoomBar';
export { ChannelSearch } from '../channel-search/ChannelSearch';
export { ChannelVideos } from '../channel-videos/ChannelVideos';

const later = () => import('./later');
export const ChannelIntro = deferred(later, (module) => module.ChannelIntro);
export const ChannelOfficial = deferred(later, (module) => module.ChannelOfficial);
export const ChannelRank = deferred(later, (module) => module.ChannelRank);
