import { defineBlock } from '../types';

export default defineBlock({
  type: 'shop-products',
  group: 'shop',
  load: () => import('./ShopProducts').then((module) => module.ShopProducts),
});
