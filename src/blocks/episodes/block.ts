import { defineBlock } from '../types';
import { Episodes } from './Episodes';

export default defineBlock({ type: 'episodes', group: 'live-room', component: Episodes });
