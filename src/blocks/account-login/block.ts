import { defineBlock } from '../types';

export default defineBlock({
  type: 'account-login',
  group: 'account',
  load: () => import('./AccountLogin').then((module) => module.AccountLogin),
});
