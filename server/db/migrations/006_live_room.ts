/**
 * Live-room content: the image-text introduction, related videos, episodes with each viewer's watch progress and
 * current episode, and invitations. More/new and vote totals read existing tables (channel_videos, players).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Organiser-authored HTML: stored as written, sanitized by the app before it is rendered.
  await db.schema
    .createTable('event_image_text')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('html', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('event_related')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('related_event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_related_pk', ['event_id', 'related_event_id'])
    .addCheckConstraint('event_related_other', sql`event_id != related_event_id`)
    .execute();

  await db.schema
    .createTable('episodes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('stream', 'text', (c) => c.notNull())
    .addColumn('duration_s', 'integer', (c) => c.notNull().check(sql`duration_s > 0`))
    .addUniqueConstraint('episodes_event_position', ['event_id', 'position'])
    .execute();

  // Where a viewer stopped in an episode (seconds), kept per episode.
  await db.schema
    .createTable('episode_progress')
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('episodes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position_s', 'double precision', (c) => c.notNull().check(sql`position_s >= 0`))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('episode_progress_pk', ['episode_id', 'user_id'])
    .execute();

  // The episode a viewer is bound to (was last watching) in an event: where a return visit resumes.
  await db.schema
    .createTable('episode_binds')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('episodes.id').onDelete('cascade'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('episode_binds_pk', ['event_id', 'user_id'])
    .execute();

  // A viewer counts as invited once per event, by the first inviter whose link brought them.
  await db.schema
    .createTable('invitations')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('invitee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inviter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('invitations_pk', ['event_id', 'invitee_id'])
    .addCheckConstraint('invitations_other', sql`invitee_id != inviter_id`)
    .execute();
  await db.schema
    .createIndex('invitations_inviter')
    .on('invitations')
    .columns(['inviter_id', 'event_id', 'created_at'])
    .execute();
}
