import { defineBlock } from '../types';
import { VideoHeader } from './VideoHeader';

export default defineBlock({ type: 'video-header', group: 'first-load', component: VideoHeader });
