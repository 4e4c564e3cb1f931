import { defineBlock } from '../types';
import { Activities } from './Activities';

export default defineBlock({ type: 'activities', group: 'live-room', component: Activities });
