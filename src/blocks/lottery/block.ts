import { defineBlock } from '../types';

export default defineBlock({
  type: 'lottery',
  group: 'engage',
  load: () => import('./Lottery').then((module) => module.Lottery),
});
