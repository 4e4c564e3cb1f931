import type { Generated } from 'kysely';

/**
 * The event and what hangs off it: the gates a viewer passed (password, payment, information form, phone), the live
 * room's content (image text, related events, episodes, invitations), favourites and complaints. Migrations 001, 002,
 * 006, 010, 013, 026, 032 and 035. Times are unix milliseconds unless a name says otherwise, money integer cents, flags 0/1.
 */
export interface EventTables {
  events: {
    id: Generated<number>;
    token: string;
    owner_id: number;
    /** The organisation owning the event and what hangs off it (migration 026); null: nobody acts as its organiser. */
    organisation_id: number | null;
    color_code: Generated<string>;
    title: string;
    cover: Generated<string>;
    description: Generated<string>;
    announcement: Generated<string>;
    /** 0 not started, 1 live, 2 replay. */
    live_status: Generated<0 | 1 | 2>;
    start_time: Generated<number>;
    views: Generated<number>;
    live_stream: Generated<string>;
    replay_stream: Generated<string>;
    password: Generated<string>;
    price_cents: Generated<number>;
    needs_info_form: Generated<number>;
    needs_phone: Generated<number>;
    /** Raised by every save in the console (migration 032): a save naming an older version is refused. */
    version: Generated<number>;
    /** 1: archived in the console (out of its list; the room stays as it is). */
    archived: Generated<number>;
    /** When the console last saved it; 0 for an event no console save touched. */
    updated_at: Generated<number>;
  };
  event_access: {
    event_id: number;
    user_id: number;
    /** 'password' | 'paid' | 'info_form' */
    gate: string;
    created_at: number;
  };
  info_forms: {
    event_id: number;
    user_id: number;
    name: string;
    phone: string;
    company: string;
    position: Generated<string>;
    remark: Generated<string>;
    agreement: Generated<number>;
    created_at: number;
  };
  event_image_text: { event_id: number; html: string };
  event_related: { event_id: number; related_event_id: number; position: number };
  episodes: {
    id: Generated<number>;
    event_id: number;
    position: number;
    title: string;
    stream: string;
    duration_s: number;
  };
  episode_progress: { episode_id: number; user_id: number; position_s: number; updated_at: number };
  episode_binds: { event_id: number; user_id: number; episode_id: number; updated_at: number };
  invitations: { event_id: number; invitee_id: number; inviter_id: number; created_at: number };
  favourites: {
    id: Generated<number>;
    user_id: number;
    /** 'video' | 'player' */
    kind: string;
    /** The event token (video) or `<contest id>:<player id>` (player). */
    target: string;
    title: Generated<string>;
    cover: Generated<string>;
    created_at: number;
  };
  complaint_reports: {
    id: Generated<number>;
    user_id: number;
    /** 'video' | 'player' | 'chat' */
    target_kind: string;
    target: string;
    reason: string;
    content: Generated<string>;
    /** JSON array of uploaded image URLs. */
    images: Generated<string>;
    /** China Standard Time day number: one complaint per target per viewer per day. */
    day: number;
    created_at: number;
  };
  /** The first complaint form's table (migration 002); complaint_reports replaced it and nothing writes it. */
  complaints: {
    id: Generated<number>;
    event_id: number;
    user_id: number | null;
    reason: string;
    content: Generated<string>;
    created_at: number;
  };
  /**
   * The title search index (migration 035, server/events/title-search.ts): one row per event of a scope (a channel's
   * videos, an organisation's events), its title normalised for search and the title it was built from.
   */
  title_search: { scope: string; scope_id: number; event_id: number; title_key: string; title: string };
  /** Every two-character gram of every title_key of a scope. */
  title_search_grams: { scope: string; scope_id: number; gram: string; event_id: number };
}
