import { defineBlock } from '../types';

export default defineBlock({
  type: 'vote-sign-up',
  group: 'vote',
  load: () => import('./VoteSignUp').then((module) => module.VoteSignUp),
});
