/** The channel home's blocks below the fold, in a chunk of their own (see ./index.ts). */
export { ChannelIntro } from '../channel-intro/ChannelIntro';
export { ChannelOfficial } from '../channel-official/ChannelOfficial';
export { ChannelRank } from '../channel-rank/ChannelRank';
