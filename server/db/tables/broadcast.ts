import type { Generated } from 'kysely';

/** The broadcast states (server/broadcast/lifecycle.ts). */
export type BroadcastState = 'live' | 'reconnecting' | 'ended' | 'interrupted' | 'replay';

/** Real broadcasts: stream keys and broadcasts (migration 028). Times are unix milliseconds. */
export interface BroadcastTables {
  stream_keys: { event_id: number; stream_key: string; created_at: number };
  broadcasts: {
    id: Generated<number>;
    event_id: number;
    state: BroadcastState;
    started_at: number;
    /** When the publisher dropped (the reconnect grace runs from here); null while one sends. */
    dropped_at: number | null;
    ended_at: number | null;
    /** Why it ended: '' (the publisher stopped) or the error that stopped it ('disk full', 'bad input', ...). */
    reason: Generated<string>;
    /** The replay's episode, once the recording is one. */
    episode_id: number | null;
  };
}
