import { defineBlock } from '../types';

export default defineBlock({
  type: 'shop-checkout',
  group: 'shop',
  load: () => import('./ShopCheckout').then((module) => module.ShopCheckout),
});
