import { defineBlock } from '../types';

export default defineBlock({
  type: 'account-diagnostics',
  group: 'account',
  load: () => import('./AccountDiagnostics').then((module) => module.AccountDiagnostics),
});
