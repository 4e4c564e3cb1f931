/**
 * What an event offers, for the app to link to (schemas/api/engagement.json, eventActivities): no call listed an
 * event's lotteries, daily bonuses, check-in, score tables or shop, so the app could reach them only by links typed
 * with their ids. Everything is read from the event's own rows (by its token):
 *
 * - lotteries open now; owners and operators of the event's organisation (who preview its events) also see those not
 *   started yet, marked `upcoming`; an ended lottery is left out (its page still opens by link);
 * - every daily bonus and score table;
 * - check-in when an activity has not ended; the shop when a product's sale has not ended.
 */
import type { ContractSchema } from '../contract/types.ts';
import type { Sql } from '../db/sql.ts';
import { PREVIEW_ROLES, roleIn } from '../organisations/roles.ts';

export type EventActivities = ContractSchema<'EventActivities'>;

/** Whether the user is an owner or operator of the organisation (none without a user or an organisation). */
async function previews(sql: Sql, userId: number | null, organisationId: number | null): Promise<boolean> {
  if (userId === null || organisationId === null) return false;
  const role = await roleIn(sql, userId, organisationId);
  return role !== null && PREVIEW_ROLES.includes(role);
}

export async function eventActivities(
  sql: Sql,
  event: { token: string; organisation_id: number | null },
  viewerId: number | null,
  nowSec: number,
): Promise<EventActivities> {
  const { token } = event;
  const preview = await previews(sql, viewerId, event.organisation_id);
  let lotteries = sql
    .selectFrom('engage_lotteries')
    .select(['id', 'title', 'title_en', 'starts_at'])
    .where('event_token', '=', token)
    .where('ends_at', '>', nowSec);
  if (!preview) lotteries = lotteries.where('starts_at', '<=', nowSec);
  const [lotteryRows, bonuses, checkIn, scoreTables, product] = await Promise.all([
    lotteries.orderBy('id').execute(),
    sql
      .selectFrom('engage_bonuses')
      .select(['id', 'title', 'title_en'])
      .where('event_token', '=', token)
      .orderBy('id')
      .execute(),
    sql
      .selectFrom('engage_checkin_activities')
      .select('id')
      .where('event_token', '=', token)
      .where('ends_at', '>', nowSec)
      .limit(1)
      .executeTakeFirst(),
    sql
      .selectFrom('engage_score_tables')
      .select(['id', 'title'])
      .where('event_token', '=', token)
      .orderBy('id')
      .execute(),
    sql
      .selectFrom('shop_products')
      .select('id')
      .where('event_token', '=', token)
      // 0: no end.
      .where((eb) => eb.or([eb('sale_ends_at', '=', 0), eb('sale_ends_at', '>', nowSec)]))
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    lotteries: lotteryRows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      title_en: row.title_en,
      upcoming: row.starts_at > nowSec,
    })),
    daily_bonuses: bonuses.map((row) => ({ id: Number(row.id), title: row.title, title_en: row.title_en })),
    check_in: checkIn !== undefined,
    score_tables: scoreTables.map((row) => ({ id: Number(row.id), title: row.title, title_en: '' })),
    shop: product !== undefined,
  };
}
