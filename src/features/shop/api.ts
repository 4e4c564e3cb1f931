/** The shop's calls (schemas/api/shop.json). Calls about the viewer's own data need a login. */
import './messages';
import type { components } from '../../../schemas/api/types.gen';
import { api } from '../../lib/api';

type S = components['schemas'];
export type Product = S['ShopProduct'];
export type ShopOrder = S['ShopOrder'];
export type Address = S['ShopAddress'];
export type OrderState = ShopOrder['state'];
export const ORDER_STATES = ['pending', 'paid', 'shipped', 'completed', 'cancelled', 'refunded'] as const;

export type ProductScope = { token?: string; vote_id?: number; id?: number };

export function fetchProducts(scope: ProductScope, page = 1, pageSize = 20) {
  return api.get('/v3/api/vote/product/list', { ...scope, page, page_size: pageSize });
}

export async function fetchProduct(id: number): Promise<Product | null> {
  const answer = await fetchProducts({ id });
  return answer.list[0] ?? null;
}

export function fetchAddresses() {
  return api.post('/v2/api/product/address/list', {}, { login: true });
}

export type AddressInput = Omit<Address, 'id' | 'is_default'> & { id?: number; is_default?: boolean };

export function saveAddress(input: AddressInput) {
  return api.post('/v2/api/product/address/save', input, { login: true });
}

export function deleteAddress(id: number) {
  return api.post('/v2/api/product/address/save', { id, delete: true }, { login: true });
}

export function makeDefault(address: Address) {
  return api.post('/v2/api/product/address/save', { ...address, is_default: true }, { login: true });
}

export function placeOrder(input: {
  product_id: number;
  quantity: number;
  address_id: number;
  idempotency_key: string;
}) {
  return api.post('/v2/api/order/product/save', input, { login: true });
}

export function fetchOrders(filter: {
  state?: OrderState;
  order_sn?: string;
  page?: number;
  page_size?: number;
}) {
  return api.post('/v2/api/product/order/list', filter, { login: true });
}

export async function fetchOrder(orderSn: string): Promise<ShopOrder | null> {
  const answer = await fetchOrders({ order_sn: orderSn });
  return answer.list[0] ?? null;
}

export function changeOrderAddress(orderSn: string, addressId: number) {
  return api.post(
    '/v2/api/product/order/address',
    { order_sn: orderSn, address_id: addressId },
    { login: true },
  );
}

/** 16 random bytes as hex: the key of one checkout attempt (a retried save answers the same order). */
export function attemptKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
