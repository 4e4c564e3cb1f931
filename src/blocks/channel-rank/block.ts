import { defineBlock } from '../types';
import { ChannelRank } from './ChannelRank';

export default defineBlock({ type: 'channel-rank', group: 'channel-later', component: ChannelRank });
