import { defineBlock } from '../types';

export default defineBlock({
  type: 'vote-invites',
  group: 'vote',
  load: () => import('./VoteInvites').then((module) => module.VoteInvites),
});
