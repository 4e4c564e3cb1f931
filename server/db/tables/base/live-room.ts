import type { Generated } from '../core.ts';

/** Live-room content (migration 006). */
export interface LiveRoomTables {
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
}
