import { defineBlock } from '../types';

export default defineBlock({
  type: 'shop-addresses',
  group: 'shop',
  load: () => import('./ShopAddresses').then((module) => module.ShopAddresses),
});
