import { defineBlock } from '../types';

export default defineBlock({
  type: 'vote-rank',
  group: 'vote',
  load: () => import('./VoteRank').then((module) => module.VoteRank),
});
