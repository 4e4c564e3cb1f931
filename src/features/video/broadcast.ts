/**
 * A real broadcast's changes, as the server pushes them into the event's room (a live line
 * `{ kind: 'broadcast', state }`, server/broadcast/lifecycle.ts): each reloads the detail, which then says live (the
 * player), ended (live_status 2) or replay (the recording as an episode), so the room follows without a reload. The
 * passing states the detail cannot say are kept here for the notice over the player: the encoder dropped and may come
 * back (`reconnecting`), the broadcast just ended (`ended`, `interrupted`) while its replay is being made.
 */
import { createStore, useStore } from '../../lib/store';
import { loadVideoDetail } from './api';
import { videoStore } from './store';

export type BroadcastState = 'live' | 'reconnecting' | 'ended' | 'interrupted' | 'replay';
/** The notice the room shows, null for none. */
export type BroadcastNotice = 'reconnecting' | 'ended' | 'interrupted' | null;

const STATES: readonly string[] = ['live', 'reconnecting', 'ended', 'interrupted', 'replay'];

export const broadcastStore = createStore<{ notice: BroadcastNotice }>({ notice: null });

export function useBroadcastNotice(): BroadcastNotice {
  return useStore(broadcastStore, (state) => state.notice);
}

/** Whether a live line is a broadcast change (and not a chat line). */
export function isBroadcastLine(line: unknown): line is { kind: 'broadcast'; state: BroadcastState } {
  if (typeof line !== 'object' || line === null) return false;
  const { kind, state } = line as { kind?: unknown; state?: unknown };
  return kind === 'broadcast' && typeof state === 'string' && STATES.includes(state);
}

/** A broadcast changed: note what the detail cannot say, and reload the detail. */
export function broadcastChanged(state: BroadcastState): Promise<void> {
  broadcastStore.update((draft) => {
    draft.notice = state === 'reconnecting' || state === 'ended' || state === 'interrupted' ? state : null;
  });
  return loadVideoDetail({ quiet: true });
}

/** What the room's join answers of the event's broadcast now (server/realtime.ts, `join`). */
export type BroadcastAtJoin = { live_status: number; live: boolean; replay: boolean };

/**
 * The room has joined: a change pushed between the detail's load and the join was not heard, so the detail is
 * reloaded when the join's answer says the broadcast is not what the detail said (on air, ended, its replay ready).
 */
export function catchUpOnJoin(now: BroadcastAtJoin): Promise<void> | undefined {
  const { info } = videoStore.get();
  if (!info) return undefined;
  if (
    info.live_status === now.live_status &&
    Boolean(info.live_url) === now.live &&
    Boolean(info.replay_url) === now.replay
  )
    return undefined;
  return loadVideoDetail({ quiet: true });
}
