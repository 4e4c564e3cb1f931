import { defineBlock } from '../types';
import { ChannelLive } from './ChannelLive';

export default defineBlock({ type: 'channel-live', group: 'channel', component: ChannelLive });
