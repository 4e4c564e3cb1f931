import { defineBlock } from '../types';
import { Welcome } from './Welcome';

export default defineBlock({ type: 'welcome', group: 'live-room', component: Welcome });
