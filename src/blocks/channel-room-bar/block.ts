import { defineBlock } from '../types';
import { ChannelRoomBar } from './ChannelRoomBar';

export default defineBlock({ type: 'channel-room-bar', group: 'channel', component: ChannelRoomBar });
