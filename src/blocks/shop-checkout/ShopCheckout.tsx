import { Checkout } from '../../features/shop/Checkout';
import type { BlockProps } from '../types';

/** Checkout of the product named by id in the page query: quantity within stock and the per-person limit, delivery address, total, then WeChat Pay. */
export function ShopCheckout(_: BlockProps<'shop-checkout'>) {
  return <Checkout />;
}
