import { defineBlock } from '../types';

export default defineBlock({
  type: 'account-vip',
  group: 'account',
  load: () => import('./AccountVip').then((module) => module.AccountVip),
});
