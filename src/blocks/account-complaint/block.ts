import { defineBlock } from '../types';

export default defineBlock({
  type: 'account-complaint',
  group: 'account',
  load: () => import('./AccountComplaint').then((module) => module.AccountComplaint),
});
