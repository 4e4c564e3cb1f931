import { defineBlock } from '../types';
import { ChannelSearch } from './ChannelSearch';

export default defineBlock({ type: 'channel-search', group: 'channel', component: ChannelSearch });
