/**
 * Engagement: lotteries, daily bonuses, check-in and score queries. New tables with an `engage_` prefix; the unused
 * ones of 004_activities.sql are left alone. Uniques carry the idempotency: one draw counter per viewer and period,
 * one delivery per winner and lottery, one bonus claim per viewer and day, one check-in per person and activity.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('engage_lotteries')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_token', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('draw_limit', 'integer', (c) => c.notNull())
    .addColumn('draw_period', 'text', (c) => c.notNull())
    .addColumn('requirement', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('requirement_value', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('thanks_weight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Shanghai'))
    .execute();
  await db.schema
    .createTable('engage_lottery_prizes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('lottery_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('weight', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('engage_lottery_prizes_lottery')
    .on('engage_lottery_prizes')
    .columns(['lottery_id', 'position'])
    .execute();
  await db.schema
    .createTable('engage_lottery_counters')
    .addColumn('lottery_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('engage_lottery_counters_pk', ['lottery_id', 'user_id', 'period'])
    .execute();
  await db.schema
    .createTable('engage_lottery_draws')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('lottery_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('prize_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('engage_lottery_draws_user')
    .on('engage_lottery_draws')
    .columns(['lottery_id', 'user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('engage_lottery_draws_won')
    .on('engage_lottery_draws')
    .columns(['lottery_id', 'prize_id', 'id'])
    .execute();
  await db.schema
    .createTable('engage_lottery_deliveries')
    .addColumn('lottery_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('engage_lottery_deliveries_pk', ['lottery_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('engage_bonuses')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_token', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reward_kind', 'text', (c) => c.notNull())
    .addColumn('rewards', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Shanghai'))
    .execute();
  await db.schema
    .createTable('engage_bonus_claims')
    .addColumn('bonus_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('streak', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('engage_bonus_claims_pk', ['bonus_id', 'user_id', 'day'])
    .execute();

  await db.schema
    .createTable('engage_checkin_groups')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_token', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('engage_checkin_activities')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('event_token', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('latitude_e6', 'integer')
    .addColumn('longitude_e6', 'integer')
    .addColumn('radius_m', 'integer')
    .execute();
  await db.schema
    .createIndex('engage_checkin_activities_event')
    .on('engage_checkin_activities')
    .columns(['event_token', 'group_id', 'starts_at'])
    .execute();
  await db.schema
    .createTable('engage_checkin_attendees')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_token', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .execute();
  await db.schema
    .createIndex('engage_checkin_attendees_name')
    .on('engage_checkin_attendees')
    .columns(['event_token', 'name'])
    .execute();
  await db.schema
    .createIndex('engage_checkin_attendees_phone')
    .on('engage_checkin_attendees')
    .columns(['event_token', 'phone'])
    .execute();
  await db.schema
    .createTable('engage_checkin_records')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('person', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('attendee_id', 'integer')
    .addColumn('by_user_id', 'integer', (c) => c.notNull())
    .addColumn('distance_m', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('engage_checkin_records_once', ['activity_id', 'person'])
    .execute();
  await db.schema
    .createIndex('engage_checkin_records_user')
    .on('engage_checkin_records')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('engage_score_tables')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_token', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('rank_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('secret', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('engage_score_rows')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('table_id', 'integer', (c) => c.notNull())
    .addColumn('match_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('engage_score_rows_match')
    .on('engage_score_rows')
    .columns(['table_id', 'match_key'])
    .execute();
  await db.schema
    .createIndex('engage_score_rows_rank')
    .on('engage_score_rows')
    .columns(['table_id', 'score', 'id'])
    .execute();
}
