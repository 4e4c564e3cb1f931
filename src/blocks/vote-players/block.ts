import { defineBlock } from '../types';

export default defineBlock({
  type: 'vote-players',
  group: 'vote',
  load: () => import('./VotePlayers').then((module) => module.VotePlayers),
});
