import { AddressList } from '../../features/shop/AddressList';
import type { BlockProps } from '../types';

/** The viewer's delivery addresses: add, edit, delete, make default; with order_sn in the page query it picks the new address of that unshipped order. */
export function ShopAddresses(_: BlockProps<'shop-addresses'>) {
  return <AddressList />;
}
