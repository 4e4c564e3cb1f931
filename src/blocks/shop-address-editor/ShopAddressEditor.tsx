import { AddressEditor } from '../../features/shop/AddressEditor';
import type { BlockProps } from '../types';

/** Adds (no id) or edits (id in the page query) a delivery address with the mainland province/city/district picker; returns to the page named by back. */
export function ShopAddressEditor(_: BlockProps<'shop-address-editor'>) {
  return <AddressEditor />;
}
