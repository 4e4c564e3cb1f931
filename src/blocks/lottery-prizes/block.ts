import { defineBlock } from '../types';

export default defineBlock({
  type: 'lottery-prizes',
  group: 'engage',
  load: () => import('./LotteryPrizes').then((module) => module.LotteryPrizes),
});
