import { defineBlock } from '../types';
import { VoteTotals } from './VoteTotals';

export default defineBlock({ type: 'vote-totals', group: 'live-room', component: VoteTotals });
