/**
 * The event's audience figure as the room shows it ("N watching"): the detail's (and the welcome's) figure when the
 * page loads, then the server's `presence` pushes over the room's socket (the distinct viewers present in the room
 * over every server node, sent when the count moves, at most about twice a second, and at least every few seconds
 * while it moves on other nodes). An ended event's figure is its plays, which the pushes do not change.
 */
import { createStore, useStore } from '../../lib/store';

/** The latest count pushed for each event's room, by video token. */
export const audienceStore = createStore<Record<string, number>>({});

/** A `presence` push of the server: `{ token, count }`. */
export function receivePresence(push: unknown): void {
  if (typeof push !== 'object' || push === null) return;
  const { token, count } = push as { token?: unknown; count?: unknown };
  if (typeof token !== 'string' || typeof count !== 'number' || !Number.isFinite(count) || count < 0) return;
  audienceStore.update((draft) => {
    draft[token] = count;
  });
}

/** The figure to show for the event: the latest push while it has not ended, else `loaded` (what the API answered). */
export function useAudience(
  token: string,
  liveStatus: number,
  loaded: number | undefined,
): number | undefined {
  const pushed = useStore(audienceStore, (counts) => counts[token]);
  return liveStatus !== 2 && pushed !== undefined ? pushed : loaded;
}
