import { defineBlock } from '../types';
import { ChannelIntro } from './ChannelIntro';

export default defineBlock({ type: 'channel-intro', group: 'channel-later', component: ChannelIntro });
