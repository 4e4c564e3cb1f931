import { defineBlock } from '../types';

export default defineBlock({
  type: 'lottery-winners',
  group: 'engage',
  load: () => import('./LotteryWinners').then((module) => module.LotteryWinners),
});
