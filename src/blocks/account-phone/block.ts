import { defineBlock } from '../types';

export default defineBlock({
  type: 'account-phone',
  group: 'account',
  load: () => import('./AccountPhone').then((module) => module.AccountPhone),
});
