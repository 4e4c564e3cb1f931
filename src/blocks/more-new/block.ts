import { defineBlock } from '../types';
import { MoreNew } from './MoreNew';

export default defineBlock({ type: 'more-new', group: 'live-room', component: MoreNew });
