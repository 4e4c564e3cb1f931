/**
 * One event's chat as its moderator watches it: the latest lines (every status: waiting, rejected and deleted ones
 * too), the lines waiting for review, the room's settings and the viewers muted in it. The console's socket joins the
 * event's room as the viewer app's does (src/lib/socket.ts: the session token and the language in the handshake):
 * lines arrive in the room's `chat:batch`, a deleted line in `chat:deleted`, the room's settings in `chat:room`;
 * joined with `moderate: true`, the socket also hears the moderators' signals (server/chat/moderation.ts): `chat:waiting`, `chat:reviewed` and
 * `chat:muted` with the viewer's id. On every (re)connect the latest page and the waiting lines are read again over
 * HTTP (chatModerationLines, chatWaiting), so nothing missed while away is lost.
 *
 * Under load (hundreds of lines a second) the store holds at most MAX_LINES lines and hands the page at most one change
 * per FLUSH_MS, in an animation frame: the lines and deletions arriving in between are merged at once.
 */
import { io } from 'socket.io-client';
import { api, sessionToken, type Data } from '../app/api.ts';
import { currentLocale } from '../app/i18n.ts';

export type ChatLine = Data<'chatModerationLines'>['list'][number];
export type RoomState = Data<'chatModerationLines'>['room'];

/** Lines kept in memory: older ones drop off the top (the moderation log keeps what was done to them). */
export const MAX_LINES = 1000;
/**
 * How far the lines may run over the limit before they are cut back to it: cut on every frame, every row's place in
 * the list would move on every frame, and the windowed list would lay out all its rows again each time.
 */
export const TRIM_SLACK = 200;
/**
 * The shortest time between two changes handed to the page. The server sends a room's lines every 40 ms; rendering
 * each batch costs the list a layout per batch, which at 500 lines/s on a slow machine took frames from scrolling.
 * A moderator reads a few lines a second, and a deleted line still leaves every page well within a second.
 */
export const FLUSH_MS = 250;
/** Waiting lines held (the oldest first): a moderator decides on a few at a time. */
export const WAITING_LIMIT = 50;

export interface ChatSnapshot {
  lines: readonly ChatLine[];
  /** Pre-review's waiting lines, oldest first: pushed to moderators only (`chat:waiting`), gone once decided. */
  waiting: readonly ChatLine[];
  room: RoomState | null;
  muted: ReadonlySet<number>;
  connected: boolean;
  failure: string;
}

const EMPTY: ChatSnapshot = {
  lines: [],
  waiting: [],
  room: null,
  muted: new Set(),
  connected: false,
  failure: '',
};

/**
 * Lines merged by id (a line seen again replaces the older copy), in id order; past `max + slack` lines the newest
 * `max` are kept.
 */
export function mergeLines(
  held: readonly ChatLine[],
  arriving: readonly ChatLine[],
  max = MAX_LINES,
  slack = TRIM_SLACK,
): ChatLine[] {
  if (!arriving.length) return [...held];
  const byId = new Map<number, ChatLine>();
  for (const line of held) byId.set(line.id, line);
  const last = held.length ? held[held.length - 1].id : 0;
  let inOrder = true;
  let previous = last;
  for (const line of arriving) {
    if (line.id <= previous || byId.has(line.id)) inOrder = false;
    previous = Math.max(previous, line.id);
    byId.set(line.id, line);
  }
  // The usual case (new lines after the held ones) appends without sorting.
  const merged = inOrder ? [...held, ...arriving] : [...byId.values()].sort((a, b) => a.id - b.id);
  return merged.length > max + slack ? merged.slice(merged.length - max) : merged;
}

export class LiveChat {
  private snapshot: ChatSnapshot = EMPTY;
  private readonly listeners = new Set<() => void>();
  private pending: ChatLine[] = [];
  private deletedIds: number[] = [];
  private frame: number | null = null;
  private wait: ReturnType<typeof setTimeout> | null = null;
  private flushedAt = -Infinity;
  /** More lines wait than the held ones. */
  private waitingBeyond = false;

  constructor(
    readonly token: string,
    private readonly maxLines = MAX_LINES,
  ) {}

  get = (): ChatSnapshot => this.snapshot;
  getLines = (): readonly ChatLine[] => this.snapshot.lines;
  getMuted = (): ReadonlySet<number> => this.snapshot.muted;
  getWaiting = (): readonly ChatLine[] => this.snapshot.waiting;
  getRoom = (): RoomState | null => this.snapshot.room;
  getFailure = (): string => this.snapshot.failure;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<ChatSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /**
   * Lines and deletions wait for the first frame FLUSH_MS after the last change; a page in the background (no frames)
   * still holds at most maxLines.
   */
  private schedule() {
    if (this.pending.length > this.maxLines) this.pending = this.pending.slice(-this.maxLines);
    if (this.frame !== null || this.wait !== null) return;
    const left = this.flushedAt + FLUSH_MS - performance.now();
    if (left <= 0) this.frame = requestAnimationFrame(this.flush);
    else
      this.wait = setTimeout(() => {
        this.wait = null;
        this.frame = requestAnimationFrame(this.flush);
      }, left);
  }

  private flush = () => {
    this.frame = null;
    this.flushedAt = performance.now();
    const arriving = this.pending;
    const deleted = new Set(this.deletedIds);
    this.pending = [];
    this.deletedIds = [];
    let lines = mergeLines(this.snapshot.lines, arriving, this.maxLines);
    if (deleted.size)
      lines = lines.map((line) => (deleted.has(line.id) ? { ...line, status: 'deleted' as const } : line));
    this.set({ lines });
  };

  /** The latest page over HTTP: lines, settings, muted viewers, and the lines waiting for review. */
  async reload(): Promise<void> {
    try {
      const [page, waiting] = await Promise.all([
        api.post<'chatModerationLines'>('/v3/api/chat/moderation/lines', { token: this.token, limit: 100 }),
        api.post<'chatWaiting'>('/v3/api/chat/waiting', { token: this.token, limit: WAITING_LIMIT }),
      ]);
      this.pending.push(...page.list);
      this.set({
        room: page.room,
        muted: new Set(page.muted_users),
        failure: '',
      });
      this.waitingArrived(waiting.list, waiting.has_more);
      this.schedule();
    } catch (error) {
      this.set({ failure: error instanceof Error ? error.message : String(error) });
    }
  }

  start(): () => void {
    const socket = io(window.location.origin, {
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      auth: (send) => send({ token: sessionToken(), locale: currentLocale() }),
    });
    socket.on('connect', () => {
      // A moderator follows the room without watching it (no audience, watch time or play of theirs is counted) and
      // also hears what only moderators see: waiting lines, decisions and mutes made by the other moderators.
      const join = { token: this.token, watch: false, moderate: true };
      socket.emit('join', join, (answer: { ok: boolean; msg?: string }) => {
        this.set({ connected: answer?.ok === true, failure: answer?.ok ? '' : (answer?.msg ?? '') });
        if (answer?.ok) void this.reload();
      });
    });
    socket.on('disconnect', () => this.set({ connected: false }));
    socket.on('chat:batch', (lines: ChatLine[]) => {
      this.pending.push(...lines);
      this.schedule();
    });
    socket.on('chat:deleted', (payload: { token: string; id: number }) => {
      if (payload.token !== this.token) return;
      this.deletedIds.push(payload.id);
      this.schedule();
    });
    socket.on('chat:waiting', (payload: { token: string; line: ChatLine }) => {
      if (payload.token !== this.token) return;
      this.waitingArrived([payload.line], false);
    });
    socket.on('chat:reviewed', (payload: { token: string; id: number; status: ChatLine['status'] }) => {
      if (payload.token === this.token) this.reviewed(payload.id, payload.status);
    });
    socket.on('chat:muted', (payload: { token: string; user_id?: number; muted: boolean }) => {
      if (payload.token === this.token && payload.user_id !== undefined)
        this.mutedChanged(payload.user_id, payload.muted);
    });
    socket.on('chat:room', (payload: RoomState & { token: string }) => {
      if (payload.token !== this.token) return;
      const { muted, pre_review, pinned, pinned_at } = payload;
      this.set({ room: { muted, pre_review, pinned, pinned_at } });
    });
    return () => {
      if (this.frame !== null) cancelAnimationFrame(this.frame);
      if (this.wait !== null) clearTimeout(this.wait);
      this.frame = null;
      this.wait = null;
      socket.close();
    };
  }

  /** What this moderator just did, shown at once (the server's signals confirm it to everyone else). */
  settings(room: RoomState) {
    this.set({ room });
  }

  mutedChanged(userId: number, muted: boolean) {
    const next = new Set(this.snapshot.muted);
    if (muted) next.add(userId);
    else next.delete(userId);
    this.set({ muted: next });
  }

  /** Waiting lines held: the oldest WAITING_LIMIT; those past it are read again once decisions make room. */
  private waitingArrived(lines: readonly ChatLine[], more: boolean) {
    const merged = mergeLines(this.snapshot.waiting, lines, Infinity, 0);
    this.waitingBeyond ||= more || merged.length > WAITING_LIMIT;
    this.set({ waiting: merged.slice(0, WAITING_LIMIT) });
  }

  /** A waiting line was approved or rejected (here or by another moderator): out of the waiting ones. */
  reviewed(id: number, status: ChatLine['status']) {
    this.set({ waiting: this.snapshot.waiting.filter((line) => line.id !== id) });
    this.lineChanged(id, status);
    if (!this.waitingBeyond || this.snapshot.waiting.length > WAITING_LIMIT / 2) return;
    this.waitingBeyond = false;
    api.post<'chatWaiting'>('/v3/api/chat/waiting', { token: this.token, limit: WAITING_LIMIT }).then(
      (answer) => this.waitingArrived(answer.list, answer.has_more),
      (error: unknown) => this.set({ failure: error instanceof Error ? error.message : String(error) }),
    );
  }

  lineChanged(id: number, status: ChatLine['status']) {
    this.set({ lines: this.snapshot.lines.map((line) => (line.id === id ? { ...line, status } : line)) });
  }
}
