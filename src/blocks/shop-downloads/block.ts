import { defineBlock } from '../types';

export default defineBlock({
  type: 'shop-downloads',
  group: 'shop',
  load: () => import('./ShopDownloads').then((module) => module.ShopDownloads),
});
