import { ProductDetail } from '../../features/shop/ProductDetail';
import type { BlockProps } from '../types';

/** One product (id in the page query): images opening the full-screen preview, price, stock, per-person limit, description and the buy button. */
export function ShopProduct(_: BlockProps<'shop-product'>) {
  return <ProductDetail />;
}
