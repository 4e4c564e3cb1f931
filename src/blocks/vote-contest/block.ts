import { defineBlock } from '../types';

export default defineBlock({
  type: 'vote-contest',
  group: 'vote',
  load: () => import('./VoteContest').then((module) => module.VoteContest),
});
