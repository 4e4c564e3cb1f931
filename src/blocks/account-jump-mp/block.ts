import { defineBlock } from '../types';

export default defineBlock({
  type: 'account-jump-mp',
  group: 'account',
  load: () => import('./AccountJumpMp').then((module) => module.AccountJumpMp),
});
