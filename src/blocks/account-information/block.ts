import { defineBlock } from '../types';

export default defineBlock({
  type: 'account-information',
  group: 'account',
  load: () => import('./AccountInformation').then((module) => module.AccountInformation),
});
