/**
 * Channels, voting contests, lotteries, daily bonus, check-in, score query and the shop. Their endpoints come with the
 * feature issues; the tables and indexes (list, search, rank) are here so the demo data exists from the start.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('channels')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('color_code', 'text', (c) => c.notNull().defaultTo('red'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('channel_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('channel_videos')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('channel_categories.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_videos_pk', ['category_id', 'event_id'])
    .execute();

  await db.schema
    .createTable('contests')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.references('events.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('daily_votes_per_user', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('total_votes_per_user', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('votes_per_player_per_day', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('vote_price_cents', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('sign_up_fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const table of ['contest_teams', 'contest_groups'])
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
  await db.schema
    .createTable('players')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('team_id', 'integer', (c) => c.references('contest_teams.id'))
    .addColumn('group_id', 'integer', (c) => c.references('contest_groups.id'))
    .addColumn('photo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('votes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`votes >= 0`),
    )
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('players_contest_number', ['contest_id', 'number'])
    .execute();
  await db.schema
    .createIndex('players_rank')
    .on('players')
    .columns(['contest_id', 'votes desc', 'number'])
    .execute();
  await db.schema
    .createIndex('players_team')
    .on('players')
    .columns(['contest_id', 'team_id', 'votes desc'])
    .execute();
  await db.schema
    .createIndex('players_group')
    .on('players')
    .columns(['contest_id', 'group_id', 'votes desc'])
    .execute();
  await db.schema.createIndex('players_name').on('players').columns(['contest_id', 'name']).execute();

  await db.schema
    .createTable('lotteries')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.references('events.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('draws_per_user', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();
  await db.schema
    .createTable('lottery_prizes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('lottery_id', 'integer', (c) => c.notNull().references('lotteries.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('weight', 'integer', (c) => c.notNull().check(sql`weight >= 0`))
    .execute();

  await db.schema
    .createTable('daily_bonuses')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.references('events.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('points_per_day', 'integer', (c) => c.notNull())
    .addColumn('streak_bonus', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('checkin_activities')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('checkin_groups')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('checkin_activities.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('score_records')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('exam', 'text', (c) => c.notNull())
    .addColumn('candidate_no', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addUniqueConstraint('score_records_exam_candidate', ['exam', 'candidate_no'])
    .execute();
  await db.schema
    .createIndex('score_records_rank')
    .on('score_records')
    .columns(['exam', 'score desc'])
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
