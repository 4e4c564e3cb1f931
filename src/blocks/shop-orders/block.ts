import { defineBlock } from '../types';

export default defineBlock({
  type: 'shop-orders',
  group: 'shop',
  load: () => import('./ShopOrders').then((module) => module.ShopOrders),
});
