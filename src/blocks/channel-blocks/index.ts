/**
 * The channel blocks, loaded as one chunk: the channel home shows them together, so one request (instead of one per
 * block on a slow network) brings them, and their registry entries, which ship with the first load, stay short.
 */
export { ChannelHeader } from '../channel-header/ChannelHeader';
export { ChannelIntro } from '../channel-intro/ChannelIntro';
export { ChannelLive } from '../channel-live/ChannelLive';
export { ChannelOfficial } from '../channel-official/ChannelOfficial';
export { ChannelRank } from '../channel-rank/ChannelRank';
export { ChannelRoomBar } from '../channel-room-bar/ChannelRoomBar';
export { ChannelSearch } from '../channel-search/ChannelSearch';
export { ChannelVideos } from '../channel-videos/ChannelVideos';
