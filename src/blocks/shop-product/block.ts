import { defineBlock } from '../types';

export default defineBlock({
  type: 'shop-product',
  group: 'shop',
  load: () => import('./ShopProduct').then((module) => module.ShopProduct),
});
