import { defineBlock } from '../types';

export default defineBlock({
  type: 'account-favourites',
  group: 'account',
  load: () => import('./AccountFavourites').then((module) => module.AccountFavourites),
});
