import { defineBlock } from '../types';

export default defineBlock({
  type: 'score-query',
  group: 'engage',
  load: () => import('./ScoreQuery').then((module) => module.ScoreQuery),
});
