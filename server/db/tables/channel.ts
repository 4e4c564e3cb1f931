import type { Generated } from 'kysely';

/**
 * The channel's tables. `channels`, `channel_categories` and `channel_videos` come from migration 004; migration
 * 015_channel.ts adds the profile (logo, cover, official account, follower count), follows, organiser HTML blocks and
 * the title search index, which migration 035 moved to `title_search` (server/db/tables/events.ts). Times are unix
 * seconds.
 */
export interface ChannelTables {
  channels: {
    id: Generated<number>;
    token: string;
    owner_id: number;
    /** Its own organisation (migration 026). */
    organisation_id: number | null;
    color_code: Generated<string>;
    title: string;
    intro: Generated<string>;
  };
  /** name_en: the English name (migration 024), '' where the organiser wrote none. */
  channel_categories: {
    id: Generated<number>;
    channel_id: number;
    name: string;
    name_en: Generated<string>;
    position: number;
  };
  channel_videos: { channel_id: number; category_id: number; event_id: number; position: number };
  channel_profiles: {
    channel_id: number;
    logo: Generated<string>;
    cover: Generated<string>;
    official_name: Generated<string>;
    official_qr: Generated<string>;
    official_intro: Generated<string>;
    /** Kept equal to the number of channel_follows rows (moved in the same transaction as the row). */
    followers: Generated<number>;
  };
  channel_follows: { channel_id: number; user_id: number; created_at: number };
  /** Organiser HTML: category_id 0 is the channel's own block. Stored as written, sanitized by the app. */
  channel_html: { channel_id: number; category_id: number; html: string };
}
