/**
 * Red-packet shares paid out: each grab becomes one WeChat Pay merchant transfer ("transfer bill") to the grabber's
 * WeChat balance (server/red-packets/transfers.ts). One row per grabbed share; `out_bill_no` is derived from the share
 * (packet and seq), so the transfer is asked for once however often the worker retries. A transfer that failed for
 * good is paid back to the sender (`refund_no`, a partial refund of the packet's order).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('red_packet_transfers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('packet_id', 'integer', (c) => c.notNull().references('red_packets.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 1`))
    .addColumn('out_bill_no', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state IN ('pending', 'processing', 'wait_user_confirm', 'success', 'failed')`),
    )
    .addColumn('wechat_state', 'text')
    .addColumn('package_info', 'text')
    .addColumn('transfer_bill_no', 'text')
    .addColumn('fail_reason', 'text')
    .addColumn('last_error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('refund_no', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One transfer per grabbed share.
  await db.schema
    .createIndex('red_packet_transfers_share')
    .on('red_packet_transfers')
    .columns(['packet_id', 'seq'])
    .unique()
    .execute();
  // The worker's scan: transfers still under way, by when they are due.
  await db.schema
    .createIndex('red_packet_transfers_due')
    .on('red_packet_transfers')
    .columns(['state', 'next_attempt_at'])
    .execute();
}
