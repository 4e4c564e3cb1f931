import { defineBlock } from '../types';

export default defineBlock({
  type: 'account-user',
  group: 'account',
  load: () => import('./AccountUser').then((module) => module.AccountUser),
});
