import { defineBlock } from '../types';

export default defineBlock({
  type: 'shop-order',
  group: 'shop',
  load: () => import('./ShopOrder').then((module) => module.ShopOrder),
});
