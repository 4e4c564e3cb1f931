/**
 * Which organisation owns what an organiser call acts on. Events, channels and contests carry their organisation;
 * everything else belongs to its event's organisation (products to their event's, else their contest's; lotteries,
 * check-in activities, score tables and daily bonuses to the event of their token). Each lookup answers the
 * organisation's id, null when no organisation owns the thing (an event token that names no event, a row made before
 * it had an owner), or undefined when there is no such thing (see requireOrganiserRole).
 */
import type { Sql } from '../db/sql.ts';

export type Owner = number | null | undefined;

const idOrNull = (value: number | null) => (value === null ? null : Number(value));

/** The organisation of the event with this token. */
export async function eventOrganisation(sql: Sql, token: string): Promise<Owner> {
  const row = await sql
    .selectFrom('events')
    .select('organisation_id')
    .where('token', '=', token)
    .executeTakeFirst();
  return row ? idOrNull(row.organisation_id) : undefined;
}

export async function contestOrganisation(sql: Sql, contestId: number): Promise<Owner> {
  const row = await sql
    .selectFrom('contests')
    .select('organisation_id')
    .where('id', '=', contestId)
    .executeTakeFirst();
  return row ? idOrNull(row.organisation_id) : undefined;
}

/** A product's: its event's when it names one, else its contest's. */
export async function productOrganisation(
  sql: Sql,
  product: { event_token: string | null; contest_id: number | null },
): Promise<number | null> {
  if (product.event_token !== null) return (await eventOrganisation(sql, product.event_token)) ?? null;
  if (product.contest_id !== null) return (await contestOrganisation(sql, product.contest_id)) ?? null;
  return null;
}

/** A shop order's: its product's. */
export async function orderOrganisation(sql: Sql, orderSn: string): Promise<Owner> {
  const product = await sql
    .selectFrom('shop_orders')
    .innerJoin('shop_products', 'shop_products.id', 'shop_orders.product_id')
    .select(['shop_products.event_token', 'shop_products.contest_id'])
    .where('shop_orders.order_sn', '=', orderSn)
    .executeTakeFirst();
  return product ? productOrganisation(sql, product) : undefined;
}

/** A contest sign-up's: its contest's. */
export async function signUpOrganisation(sql: Sql, signUpId: number): Promise<Owner> {
  const row = await sql
    .selectFrom('vote_sign_ups')
    .innerJoin('contests', 'contests.id', 'vote_sign_ups.contest_id')
    .select('contests.organisation_id')
    .where('vote_sign_ups.id', '=', signUpId)
    .executeTakeFirst();
  return row ? idOrNull(row.organisation_id) : undefined;
}

/**
 * Ids of the products the organisations own (for `where product_id in (...)`): a product of an event token belongs
 * to that event's organisation, one of a contest alone to the contest's.
 */
export function productsOwnedBy(sql: Sql, organisationIds: number[]) {
  const ids = organisationIds.length ? organisationIds : [-1];
  return sql
    .selectFrom('shop_products as p')
    .leftJoin('events as e', 'e.token', 'p.event_token')
    .leftJoin('contests as c', 'c.id', 'p.contest_id')
    .select('p.id')
    .where((eb) =>
      eb.or([
        eb.and([eb('p.event_token', 'is not', null), eb('e.organisation_id', 'in', ids)]),
        eb.and([eb('p.event_token', 'is', null), eb('c.organisation_id', 'in', ids)]),
      ]),
    );
}
