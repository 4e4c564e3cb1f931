/**
 * The event's audience figure ("N watching"): for an event that has not ended, the viewers present in its room now;
 * for an ended one (a replay, VOD), its plays.
 *
 * Presence. Each node knows the sockets in its event rooms (server/realtime.ts tells it of every join and leave) and
 * keeps, per room, the viewers behind them: a viewer with three tabs, or three sockets on the room, counts once.
 * A viewer is
 * - a logged-in account (`u:<user id>`): the same account on a phone and a laptop is one viewer;
 * - else a browser, by its `livev3_device` cookie (`d:<id>`, server/accounts/device.ts), sent with the socket's
 *   handshake: anonymous tabs of one browser count once;
 * - else the socket itself (`s:<socket id>`): an anonymous client without the cookie counts once per connection.
 * Each node writes its viewers of a room to the shared state (server/shared: in this process, or Redis with several
 * nodes), as changes at most every THROTTLE_MS per room and a heartbeat every HEARTBEAT_MS that renews its part; a
 * node's part lapses MEMBERS_TTL_MS after its last word, so the viewers of a node that went away (killed, cut off)
 * stop counting within that time. The count is the number of distinct viewers over the nodes' live parts (a viewer
 * on two nodes counts once).
 *
 * Plays. A viewer (as above) opening the room of an ended event counts one play, again only after PLAY_WINDOW_MS
 * (a reload, a second tab or a reconnect is no new play); plays are added to `events.views`.
 */
import type { Sql } from '../db/sql.ts';
import type { SharedState } from '../shared/state.ts';

/** Changes to a room's viewers reach the shared state (and the room) at most this often. */
export const THROTTLE_MS = 500;
/** How often a node renews its parts and tells its own sockets in each room the count (other nodes' viewers). */
export const HEARTBEAT_MS = 5_000;
/** A node's part of a room's viewers counts this long after its last word. */
export const MEMBERS_TTL_MS = 15_000;
/** A viewer's plays of one replay count once within this window. */
export const PLAY_WINDOW_MS = 30 * 60_000;
/** A count read for the API (not a room this node holds) is reused this long. */
const READ_CACHE_MS = 2_000;
/** Members sent in one call to the shared state (Redis scripts take their arguments on the stack). */
const CHUNK = 2_000;

const DEVICE = /(?:^|;\s*)livev3_device=([A-Za-z0-9_-]{22})(?:;|$)/;

/** Who a socket's viewer is for counting (see above). */
export function viewerKey(
  userId: number | undefined,
  cookieHeader: string | undefined,
  socketId: string,
): string {
  if (userId !== undefined) return `u:${userId}`;
  const device = DEVICE.exec(cookieHeader ?? '')?.[1];
  return device ? `d:${device}` : `s:${socketId}`;
}

const keyOf = (eventToken: string) => `audience:${eventToken}`;

type Room = {
  /** Sockets per viewer on this node. */
  viewers: Map<string, number>;
  added: Set<string>;
  removed: Set<string>;
  /** Whether this node's part was ever written (the first write sends all). */
  written: boolean;
  timer: NodeJS.Timeout | null;
  /** The write in flight (writes of one room go one after another). */
  writing: Promise<void> | null;
  /** The count this node last learnt, and when. */
  count: number | null;
  at: number;
};

/** Hears each new count of a room a node learns: `changed` when it follows a join or leave on this node. */
export type CountListener = (eventToken: string, count: number, changed: boolean) => void;

export type AudienceOptions = { throttleMs?: number; heartbeatMs?: number; ttlMs?: number };

/**
 * One node's part of every room's audience, and the room counts the API answers. One per socket server
 * (server/realtime.ts; the API asks through `services.realtime.viewers`).
 */
export class Audience {
  private readonly rooms = new Map<string, Room>();
  private readonly read = new Map<string, { count: number; at: number; pending?: Promise<number> }>();
  private readonly throttleMs: number;
  private readonly heartbeatMs: number;
  readonly ttlMs: number;
  private heartbeat: NodeJS.Timeout | null = null;
  private listener: CountListener = () => {};
  private closed = false;

  constructor(
    private readonly shared: SharedState,
    private readonly node: string,
    private readonly now: () => number,
    options: AudienceOptions = {},
  ) {
    this.throttleMs = options.throttleMs ?? THROTTLE_MS;
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.ttlMs = options.ttlMs ?? MEMBERS_TTL_MS;
  }

  /** Starts the heartbeat and sends every count learnt to `listener` (the socket server). */
  start(listener: CountListener): void {
    this.listener = listener;
    this.closed = false;
    this.heartbeat ??= setInterval(() => void this.renew(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** A socket of `viewer` is in the event's room on this node. */
  enter(eventToken: string, viewer: string): void {
    let room = this.rooms.get(eventToken);
    if (!room) {
      room = {
        viewers: new Map(),
        added: new Set(),
        removed: new Set(),
        written: false,
        timer: null,
        writing: null,
        count: null,
        at: -Infinity,
      };
      this.rooms.set(eventToken, room);
    }
    const sockets = room.viewers.get(viewer) ?? 0;
    room.viewers.set(viewer, sockets + 1);
    if (sockets === 0) {
      room.removed.delete(viewer);
      room.added.add(viewer);
    }
    this.schedule(eventToken, room);
  }

  /** A socket of `viewer` left the event's room on this node (left it, or disconnected). */
  leave(eventToken: string, viewer: string): void {
    const room = this.rooms.get(eventToken);
    const sockets = room?.viewers.get(viewer);
    if (!room || !sockets) return;
    if (sockets > 1) {
      room.viewers.set(viewer, sockets - 1);
      return;
    }
    room.viewers.delete(viewer);
    room.added.delete(viewer);
    room.removed.add(viewer);
    this.schedule(eventToken, room);
  }

  /** The event tokens of the rooms this node holds viewers of (the minute's samples, server/events/viewer-samples.ts). */
  heldRooms(): string[] {
    return [...this.rooms].filter(([, room]) => room.viewers.size > 0).map(([token]) => token);
  }

  /** This node's viewers of the event's room (distinct), for tests and the bench. */
  localViewers(eventToken: string): number {
    return this.rooms.get(eventToken)?.viewers.size ?? 0;
  }

  /**
   * The room's count as last learnt when it is fresh enough to answer at once (this node's last write of the room
   * or its last read, within READ_CACHE_MS: other nodes' changes show within that time), else undefined: ask `count`.
   */
  peek(eventToken: string): number | undefined {
    const room = this.rooms.get(eventToken);
    if (room && room.count !== null && this.now() - room.at < READ_CACHE_MS) return room.count;
    const kept = this.read.get(eventToken);
    return kept && this.now() - kept.at < READ_CACHE_MS ? kept.count : undefined;
  }

  /** The viewers present in the event's room over every node. */
  count(eventToken: string): Promise<number> {
    const known = this.peek(eventToken);
    if (known !== undefined) return Promise.resolve(known);
    const kept = this.read.get(eventToken);
    if (kept?.pending) return kept.pending;
    const pending = this.shared.countMembers(keyOf(eventToken), this.ttlMs, this.now()).then(
      (count) => {
        this.read.set(eventToken, { count, at: this.now() });
        if (this.read.size > 10_000) this.read.clear();
        return count;
      },
      (error: unknown) => {
        this.read.delete(eventToken);
        throw error;
      },
    );
    this.read.set(eventToken, { count: kept?.count ?? 0, at: kept?.at ?? -Infinity, pending });
    return pending;
  }

  /** Writes pending changes and the heartbeat now (tests; shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.rooms.entries()].map(([token, room]) => this.write(token, room)));
  }

  /** Stops the heartbeat and the pending writes; this node's parts lapse (or are taken down with the state). */
  close(): void {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const room of this.rooms.values()) if (room.timer) clearTimeout(room.timer);
    this.rooms.clear();
    this.read.clear();
  }

  private schedule(eventToken: string, room: Room): void {
    if (room.timer || this.closed) return;
    room.timer = setTimeout(() => {
      room.timer = null;
      this.write(eventToken, room).catch(() => {});
    }, this.throttleMs);
  }

  private renew(): void {
    // A room with changes waiting is written within THROTTLE_MS anyway (and tells every node's sockets).
    for (const [token, room] of this.rooms) if (!room.timer) this.write(token, room).catch(() => {});
  }

  /**
   * Writes the room's changes (or renews its part) and hands the count learnt to the listener, as a change every
   * node's sockets hear when this write carried changes of this node's viewers, whichever path wrote them (the
   * throttled write, or a heartbeat that ran between that write's timer and its turn).
   */
  private write(eventToken: string, room: Room): Promise<void> {
    const previous = room.writing ?? Promise.resolve();
    const next = previous.then(async () => {
      if (this.closed) return;
      const key = keyOf(eventToken);
      const hadChanges = room.added.size > 0 || room.removed.size > 0;
      let result;
      try {
        if (!room.written) result = await this.writeAll(key, room);
        else {
          const add = [...room.added];
          const remove = [...room.removed];
          room.added.clear();
          room.removed.clear();
          if (add.length + remove.length <= CHUNK)
            result = await this.shared.changeMembers(key, this.node, { add, remove }, this.ttlMs, this.now());
          else result = await this.writeAll(key, room);
          if (result.lost) result = await this.writeAll(key, room);
        }
      } catch (error) {
        // Nothing was taken for granted: the next write sends everything again.
        room.written = false;
        throw error;
      }
      const moved = result.count !== room.count;
      room.count = result.count;
      room.at = this.now();
      if (room.viewers.size === 0 && !room.added.size && !room.removed.size && !room.timer)
        this.rooms.delete(eventToken);
      // A heartbeat tells this node's sockets the count even when it did not move here: another node's broadcast
      // of an older count can reach them after this node's newer one (two nodes writing at once), and would stay.
      if (moved || !hadChanges) this.listener(eventToken, result.count, hadChanges);
    });
    room.writing = next.catch(() => {});
    return next;
  }

  /** Replaces this node's part with all its viewers of the room (in chunks). */
  private async writeAll(key: string, room: Room) {
    const all = [...room.viewers.keys()];
    room.added.clear();
    room.removed.clear();
    room.written = true;
    let result = await this.shared.changeMembers(
      key,
      this.node,
      { all: all.slice(0, CHUNK) },
      this.ttlMs,
      this.now(),
    );
    for (let start = CHUNK; start < all.length; start += CHUNK)
      result = await this.shared.changeMembers(
        key,
        this.node,
        { add: all.slice(start, start + CHUNK) },
        this.ttlMs,
        this.now(),
      );
    return result;
  }
}

/** The figure the event's detail and welcome answer: plays when it ended, else the viewers present now. */
export function audienceFigure(
  realtime: { viewers(eventToken: string): number | Promise<number> },
  event: { token: string; live_status: number; views: number },
): number | Promise<number> {
  return event.live_status === 2 ? Number(event.views) : realtime.viewers(event.token);
}

/**
 * Counts a play of an ended event by `viewer` (see above): once per viewer within PLAY_WINDOW_MS, on any node.
 * Answers whether it counted.
 */
export async function recordPlay(
  services: { sql: Sql; shared: SharedState },
  event: { id: number; token: string },
  viewer: string,
  now: number,
): Promise<boolean> {
  if (!(await services.shared.takePlace(`play:${event.token}:${viewer}`, 1, PLAY_WINDOW_MS, now)))
    return false;
  await services.sql
    .updateTable('events')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('id', '=', event.id)
    .execute();
  return true;
}
