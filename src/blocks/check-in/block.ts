import { defineBlock } from '../types';

export default defineBlock({
  type: 'check-in',
  group: 'engage',
  load: () => import('./CheckIn').then((module) => module.CheckIn),
});
