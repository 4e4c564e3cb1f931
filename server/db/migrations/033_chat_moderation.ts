/**
 * Chat moderation (server/chat/moderation.ts): each line carries its state (shown; waiting for approval in a
 * pre-reviewed room; rejected; deleted by a moderator, kept for the moderation log but out of every history), each
 * event's room its settings (everyone muted, pre-review, the pinned announcement, the sensitive-word list), and every
 * moderation action is logged (who, when, what), read back newest first per event.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_messages')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('shown')
        .check(sql`status IN ('shown', 'waiting', 'rejected', 'deleted')`),
    )
    .execute();
  // A pre-reviewed room's waiting lines, oldest first.
  await db.schema
    .createIndex('chat_messages_status')
    .on('chat_messages')
    .columns(['event_id', 'status', 'id'])
    .execute();

  await db.schema
    .createTable('chat_rooms')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pre_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pinned', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pinned_at', 'bigint', (c) => c.notNull().defaultTo(0))
    /** The sensitive words, a JSON array of strings. */
    .addColumn('words', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chat_moderation_log')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('by_user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'integer')
    .addColumn('message_id', 'integer')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_moderation_log_event')
    .on('chat_moderation_log')
    .columns(['event_id', 'id'])
    .execute();
}
