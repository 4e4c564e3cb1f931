import { defineBlock } from '../types';

export default defineBlock({
  type: 'account-scan',
  group: 'account',
  load: () => import('./AccountScan').then((module) => module.AccountScan),
});
