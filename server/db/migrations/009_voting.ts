/**
 * Voting: contest settings the endpoints need, vote records (one row per counted request, idempotency key unique per
 * user), per-user and per-player daily counters (the limits are checked against them inside the vote transaction),
 * paid-vote orders, sign-ups and judges' scores. Days are China Standard Time calendar days (unix day of t + 8 h).
 */
import { sql, type Kysely } from 'kysely';
import { withoutRowid } from '../engine.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contests')
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The sign-up form: JSON array of {key, label, type, required, max_count, placeholder, options?: [{value, label}]}.
  await db.schema
    .alterTable('contests')
    .addColumn('form_fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // 1: the organiser reviews sign-ups (pending until approved); 0: approved at once (after the fee when it charges).
  await db.schema
    .alterTable('contests')
    .addColumn('sign_up_review', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('players')
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('players')
    .addColumn('video', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('vote_records')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count > 0`))
    .addColumn('paid', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`paid IN (0, 1)`),
    )
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('votes_after', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('vote_records_user_key', ['user_id', 'idempotency_key'])
    .execute();
  // Changes since a version (the id follows contest_id in the index). Every index here is written by every vote: keep
  // them few.
  await db.schema.createIndex('vote_records_contest').on('vote_records').column('contest_id').execute();

  await withoutRowid(
    db,
    db.schema
      .createTable('vote_user_days')
      .addColumn('contest_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('votes', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('vote_user_days_pk', ['contest_id', 'user_id', 'day']),
  ).execute();
  await withoutRowid(
    db,
    db.schema
      .createTable('vote_user_player_days')
      .addColumn('contest_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('player_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('votes', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('vote_user_player_days_pk', ['contest_id', 'user_id', 'player_id', 'day']),
  ).execute();
  // Votes (free and paid) each player received per day: today's star.
  await withoutRowid(
    db,
    db.schema
      .createTable('vote_player_days')
      .addColumn('contest_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('player_id', 'integer', (c) => c.notNull())
      .addColumn('votes', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('vote_player_days_pk', ['contest_id', 'day', 'player_id']),
  ).execute();
  await db.schema
    .createIndex('vote_player_days_star')
    .on('vote_player_days')
    .columns(['contest_id', 'day', 'votes desc'])
    .execute();

  await db.schema
    .createTable('vote_orders')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count > 0`))
    .addColumn('credited_at', 'bigint')
    .execute();

  await db.schema
    .createTable('vote_sign_ups')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status IN ('unpaid', 'pending', 'approved', 'rejected')`),
    )
    .addColumn('player_id', 'integer', (c) => c.references('players.id'))
    .addColumn('inviter_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('vote_sign_ups_contest_user', ['contest_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('vote_sign_ups_inviter')
    .on('vote_sign_ups')
    .columns(['contest_id', 'inviter_id', 'id'])
    .execute();

  await db.schema
    .createTable('player_scores')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('judge', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull().check(sql`score >= 0`))
    .addColumn('max_score', 'integer', (c) => c.notNull().check(sql`max_score > 0`))
    .execute();
  await db.schema.createIndex('player_scores_player').on('player_scores').column('player_id').execute();

  // The score list (votes never change it). Rank lists within a team or group use players_team / players_group of
  // 004: another index holding votes would cost every vote another page write.
  await db.schema
    .createIndex('players_score')
    .on('players')
    .columns(['contest_id', 'score desc', 'number'])
    .execute();
  // Hidden players (status <> 1) are rare: this finds them at once, so lists skip the status check when there are none.
  await db.schema.createIndex('players_status').on('players').columns(['contest_id', 'status']).execute();
}
