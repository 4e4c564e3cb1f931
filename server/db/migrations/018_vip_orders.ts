/**
 * Membership purchases are WeChat Pay orders too: the kind 'vip' joins the closed list of order kinds in the CHECK of
 * orders.kind (migration 003).
 *
 * PostgreSQL replaces the constraint in place. SQLite cannot change a CHECK, so the table is rebuilt the way SQLite
 * documents it (https://www.sqlite.org/lang_altertable.html#otheralter): foreign keys off (other tables reference
 * orders.id), a copy with the new CHECK created and filled in one transaction, the old table dropped, the copy
 * renamed, its index recreated, the foreign keys checked before the commit, and foreign keys back to what they were.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';

const KINDS = ['video', 'reward', 'redpack', 'vote', 'registration', 'product', 'vip'];
const kindCheck = sql.raw(`kind IN (${KINDS.map((kind) => `'${kind}'`).join(', ')})`);

const COLUMNS = [
  'id',
  'order_sn',
  'user_id',
  'kind',
  'ref_id',
  'amount_cents',
  'status',
  'idempotency_key',
  'prepay_id',
  'transaction_id',
  'created_at',
  'paid_at',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the database before its types
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    // The CHECK of migration 003 is named by PostgreSQL after table and column; found by its definition all the same.
    const { rows } = await sql<{ conname: string }>`
      SELECT conname FROM pg_constraint
      WHERE conrelid = 'orders'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%kind%'`.execute(
      db,
    );
    for (const { conname } of rows) await db.schema.alterTable('orders').dropConstraint(conname).execute();
    await db.schema.alterTable('orders').addCheckConstraint('orders_kind_check', kindCheck).execute();
    return;
  }

  const [before] = (await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db)).rows;
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      // Same columns and constraints as migration 003, but for the list of kinds.
      await trx.schema
        .createTable('orders_rebuilt')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('order_sn', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(kindCheck))
        .addColumn('ref_id', 'integer', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
        .addColumn('status', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`status IN (0, 1, 2)`),
        )
        .addColumn('idempotency_key', 'text', (c) => c.unique())
        .addColumn('prepay_id', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'text', (c) => c.unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .execute();
      await trx
        .insertInto('orders_rebuilt')
        .columns(COLUMNS)
        .expression(trx.selectFrom('orders').select(COLUMNS))
        .execute();
      await trx.schema.dropTable('orders').execute();
      await trx.schema.alterTable('orders_rebuilt').renameTo('orders').execute();
      await trx.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();
      const broken = await sql`PRAGMA foreign_key_check`.execute(trx);
      if (broken.rows.length)
        throw new Error(
          `orders rebuild: ${broken.rows.length} rows break a foreign key (${JSON.stringify(broken.rows[0])})`,
        );
    });
  } finally {
    if (before?.foreign_keys) await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
