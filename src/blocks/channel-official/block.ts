import { defineBlock } from '../types';
import { ChannelOfficial } from './ChannelOfficial';

export default defineBlock({ type: 'channel-official', group: 'channel-later', component: ChannelOfficial });
