import { defineBlock } from '../types';

export default defineBlock({
  type: 'check-in-mine',
  group: 'engage',
  load: () => import('./CheckInMine').then((module) => module.CheckInMine),
});
