import { defineBlock } from '../types';
import { ChannelHeader } from './ChannelHeader';

export default defineBlock({ type: 'channel-header', group: 'channel', component: ChannelHeader });
