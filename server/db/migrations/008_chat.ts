/** Chat, moderation, gifts/rewards and red packets. Money is integer cents. */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind IN ('text', 'gift', 'tip', 'system', 'redpack')`),
    )
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gift_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gift_name_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gift_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`amount_cents >= 0`),
    )
    .addColumn('packet_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // History pages upward by id within an event.
  await db.schema
    .createIndex('chat_messages_event')
    .on('chat_messages')
    .columns(['event_id', 'id'])
    .execute();

  await db.schema
    .createTable('chat_blacklist')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('by_user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_blacklist_pk', ['event_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('gifts')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  // A gift or a free-amount tip; paid through an order of kind 'reward' (ref_id = rewards.id).
  await db.schema
    .createTable('rewards')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('gift_id', 'integer', (c) => c.references('gifts.id'))
    .addColumn('gift_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`gift_count > 0`),
    )
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`status IN (0, 1)`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();

  // status: 0 awaiting payment, 1 open, 2 all shares grabbed, 3 expired (unclaimed shares refunded).
  await db.schema
    .createTable('red_packets')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents > 0`))
    .addColumn('share_count', 'integer', (c) =>
      c.notNull().check(sql`share_count > 0 AND total_cents >= share_count`),
    )
    .addColumn('greeting', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`status IN (0, 1, 2, 3)`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('refunded_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refunded_cents >= 0`),
    )
    .addColumn('refunded_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('red_packets_open')
    .on('red_packets')
    .columns(['status', 'expires_at'])
    .execute();

  // Shares are split when the packet is paid; a grab claims the next unclaimed share in one UPDATE. The unique index
  // makes a second grab by the same viewer fail even under concurrency.
  await db.schema
    .createTable('red_packet_shares')
    .addColumn('packet_id', 'integer', (c) => c.notNull().references('red_packets.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 1`))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('grabbed_at', 'bigint')
    .addPrimaryKeyConstraint('red_packet_shares_pk', ['packet_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('red_packet_shares_user')
    .on('red_packet_shares')
    .columns(['packet_id', 'user_id'])
    .unique()
    .where(sql.ref('user_id'), 'is not', null)
    .execute();
}
