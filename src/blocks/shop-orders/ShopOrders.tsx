import { Orders } from '../../features/shop/Orders';
import type { BlockProps } from '../types';

/** My orders: tabs by state (state in the page query), pay a pending order, change the address of an unshipped one, open an order. */
export function ShopOrders(_: BlockProps<'shop-orders'>) {
  return <Orders />;
}
