import { defineBlock } from '../types';
import { ChannelVideos } from './ChannelVideos';

export default defineBlock({ type: 'channel-videos', group: 'channel', component: ChannelVideos });
