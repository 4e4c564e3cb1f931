import { defineBlock } from '../types';

export default defineBlock({
  type: 'vote-scores',
  group: 'vote',
  load: () => import('./VoteScores').then((module) => module.VoteScores),
});
