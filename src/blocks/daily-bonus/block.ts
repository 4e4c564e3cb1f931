import { defineBlock } from '../types';

export default defineBlock({
  type: 'daily-bonus',
  group: 'engage',
  load: () => import('./DailyBonus').then((module) => module.DailyBonus),
});
