/** What the shop's modules share: its error codes, the clock in unix seconds and paging. */
import { ApiFailure, type LocalizedText } from '../envelope.ts';

/** Shop failures (the msg is shown to the viewer as is). */
export const SHOP_XCODE = {
  notOnSale: 40501,
  soldOut: 40502,
  overLimit: 40503,
  notPayable: 40504,
  shipped: 40505,
  noAddress: 40506,
  noPermission: 40507,
} as const;

export function shopFailure(xcode: number, texts: LocalizedText): ApiFailure {
  return new ApiFailure(xcode, texts);
}

export const seconds = (ms: number) => Math.floor(ms / 1000);

export function paging(input: { page?: number; page_size?: number }, defaultSize = 20) {
  const page = input.page ?? 1;
  const pageSize = input.page_size ?? defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function pageOf<T>(list: T[], total: number, page: number, pageSize: number) {
  return { list, total, page, page_size: pageSize, has_more: page * pageSize < total };
}
