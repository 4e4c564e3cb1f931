import { defineBlock } from '../types';

export default defineBlock({
  type: 'vote-today-star',
  group: 'vote',
  load: () => import('./VoteTodayStar').then((module) => module.VoteTodayStar),
});
