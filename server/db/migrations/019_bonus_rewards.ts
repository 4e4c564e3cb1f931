/**
 * Daily bonus rewards are given, not only recorded: a 'points' reward adds to the viewer's points balance of the
 * event (`engage_points`, one row per event and viewer), a 'votes' reward adds free votes to the viewer's allowance of
 * the day in the bonus's contest (`engage_bonuses.contest_id`; `vote_user_days.bonus_votes`, next to the day's vote
 * counter, so the vote's conditional upsert checks `votes - bonus_votes < daily limit` on the row it already locks).
 * A claim writes its reward in the claim's transaction, and only when its row was inserted: once per claim.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('engage_bonuses').addColumn('contest_id', 'integer').execute();
  await db.schema
    .alterTable('vote_user_days')
    .addColumn('bonus_votes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('engage_points')
    .addColumn('event_token', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('engage_points_pk', ['event_token', 'user_id'])
    .execute();
}
