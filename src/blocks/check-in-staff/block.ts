import { defineBlock } from '../types';

export default defineBlock({
  type: 'check-in-staff',
  group: 'engage',
  load: () => import('./CheckInStaff').then((module) => module.CheckInStaff),
});
