import { defineBlock } from '../types';

export default defineBlock({
  type: 'shop-address-editor',
  group: 'shop',
  load: () => import('./ShopAddressEditor').then((module) => module.ShopAddressEditor),
});
