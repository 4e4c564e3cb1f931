import { defineBlock } from '../types';

export default defineBlock({
  type: 'vote-player',
  group: 'vote',
  load: () => import('./VotePlayer').then((module) => module.VotePlayer),
});
