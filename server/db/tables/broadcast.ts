import type { Generated } from 'kysely';

/** The broadcast states (server/broadcast/lifecycle.ts). */
export type BroadcastState = 'live' | 'reconnecting' | 'ended' | 'interrupted' | 'replay';

/** Where a broadcast comes from: this server's RTMP ingest, or a cloud live service's callbacks (migration 030). */
export type BroadcastSource = 'ingest' | 'cloud';

/** Real broadcasts: stream keys and broadcasts (migrations 028, 030). Times are unix milliseconds. */
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
    source: Generated<BroadcastSource>;
    /** A cloud broadcast's recording (https, on the service's VOD domain), once the service reported it. */
    recording_url: string | null;
  };
}
