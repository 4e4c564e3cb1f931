import { Downloads } from '../../features/shop/Downloads';
import type { BlockProps } from '../types';

/** The organiser's Excel downloads of the event and contest named in the page query. */
export function ShopDownloads(_: BlockProps<'shop-downloads'>) {
  return <Downloads />;
}
