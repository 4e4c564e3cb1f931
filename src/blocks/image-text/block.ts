import { defineBlock } from '../types';
import { ImageText } from './ImageText';

export default defineBlock({ type: 'image-text', group: 'live-room', component: ImageText });
