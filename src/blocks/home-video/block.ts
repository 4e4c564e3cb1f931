import { defineBlock } from '../types';
import { HomeVideo } from './HomeVideo';

export default defineBlock({ type: 'home-video', group: 'first-load', component: HomeVideo });
