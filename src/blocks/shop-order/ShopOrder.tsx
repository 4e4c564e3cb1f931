import { OrderDetail } from '../../features/shop/OrderDetail';
import type { BlockProps } from '../types';

/** One order of the viewer (order_sn in the page query): product, amount, address, tracking number, times, pay and change address; finishes an H5 payment that returned here. */
export function ShopOrder(_: BlockProps<'shop-order'>) {
  return <OrderDetail />;
}
