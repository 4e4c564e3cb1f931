/**
 * Low-latency HLS (RFC 8216bis) of the embedded ingest. ffmpeg cuts each rendition into short parts (MPEG-TS, its hls
 * muxer split by time: `<rung>/p<n>.ts`, listed in `<rung>/parts.m3u8`); this writer, run beside it, groups the parts
 * into segments and writes, for each rendition:
 * - `s<n>.ts`, a segment: its parts' bytes one after the other (a part starts with the stream's headers, so the
 *   concatenation is a valid transport stream), written once its last part is known;
 * - `index.m3u8`, the EVENT playlist of the segments, as ffmpeg writes it for plain HLS: the recording the replay is
 *   made of (hls.ts, finishRecording), and what a server without low latency serves;
 * - `live.m3u8`, the low-latency live window: the last segments, the parts of the newest ones and of the segment being
 *   cut, the hint of the next part, and the server control that announces blocking reloads.
 * A segment starts at a part that starts with a keyframe (INDEPENDENT=YES) once the one before has its length, so
 * every segment is independent while the encoder sends keyframes at least every few seconds. Whether a part starts with
 * a keyframe is the random-access flag ffmpeg's MPEG-TS muxer sets on a keyframe's first packet.
 *
 * The stream routes (routes.ts) serve `live.m3u8` where it exists and hold blocking requests until the asked part is
 * listed (PlaylistWatch): every node sharing the broadcast folder can, as they all read the same files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parsePlaylist, writeAtomically } from './playlist.ts';

/** The low-latency live playlist of a rendition, and ffmpeg's list of parts. */
export const LIVE_PLAYLIST = 'live.m3u8';
export const PARTS_PLAYLIST = 'parts.m3u8';
/** A part's file name (ffmpeg numbers them; the writer asks it to go on after the last one). */
export const partName = (sequence: number) => `p${String(sequence).padStart(6, '0')}.ts`;
export const PART_FILE = /^p(\d{6,9})\.ts$/;
const segmentName = (sequence: number) => `s${String(sequence).padStart(5, '0')}.ts`;

/** How many parts ffmpeg's list keeps (10 s with 1/3 s parts: the writer reads it several times a second). */
export const PARTS_LISTED = 30;
/** Segments whose parts the live playlist lists (with the one being cut): about three target durations. */
const SEGMENTS_WITH_PARTS = 3;
/** Parts kept on disk behind the newest (for players still fetching them); older ones are deleted. */
const PARTS_KEPT = 90;

/** The part length in seconds: `partMs` rounded so that a whole number of parts makes a segment. */
export function partSeconds(segmentSeconds: number, partMs: number): number {
  const perSegment = Math.max(1, Math.round((segmentSeconds * 1000) / partMs));
  return segmentSeconds / perSegment;
}

/**
 * Whether a transport stream starts its video with a keyframe: the first packet of the first video PES (the PID the
 * PMT gives H.264 or HEVC) carries the random-access indicator. Reads the first packets only.
 */
export function startsWithKeyframe(bytes: Buffer): boolean {
  let pmtPid = -1;
  let videoPid = -1;
  for (let at = 0; at + 188 <= bytes.length; at += 188) {
    if (bytes[at] !== 0x47) return false;
    const b1 = bytes[at + 1] ?? 0;
    const pid = ((b1 & 0x1f) << 8) | (bytes[at + 2] ?? 0);
    const unitStart = (b1 & 0x40) !== 0;
    const control = ((bytes[at + 3] ?? 0) >> 4) & 0x3;
    const hasAdaptation = (control & 0x2) !== 0;
    const adaptationLength = hasAdaptation ? (bytes[at + 4] ?? 0) : -1;
    let payload = at + 4 + (hasAdaptation ? adaptationLength + 1 : 0);
    if (pid === videoPid && unitStart)
      return hasAdaptation && adaptationLength > 0 && ((bytes[at + 5] ?? 0) & 0x40) !== 0;
    if (!unitStart || (control & 0x1) === 0 || (pid !== 0 && pid !== pmtPid)) continue;
    payload += 1 + (bytes[payload] ?? 0); // pointer field
    const sectionLength = (((bytes[payload + 1] ?? 0) & 0x0f) << 8) | (bytes[payload + 2] ?? 0);
    const end = Math.min(payload + 3 + sectionLength - 4, at + 188);
    if (pid === 0) {
      // PAT: the first program's PMT.
      for (let entry = payload + 8; entry + 4 <= end; entry += 4) {
        const program = ((bytes[entry] ?? 0) << 8) | (bytes[entry + 1] ?? 0);
        if (program !== 0) {
          pmtPid = (((bytes[entry + 2] ?? 0) & 0x1f) << 8) | (bytes[entry + 3] ?? 0);
          break;
        }
      }
    } else {
      // PMT: the elementary streams after the program info.
      const infoLength = (((bytes[payload + 10] ?? 0) & 0x0f) << 8) | (bytes[payload + 11] ?? 0);
      for (let entry = payload + 12 + infoLength; entry + 5 <= end;) {
        const type = bytes[entry] ?? 0;
        const streamPid = (((bytes[entry + 1] ?? 0) & 0x1f) << 8) | (bytes[entry + 2] ?? 0);
        if (type === 0x1b || type === 0x24) {
          videoPid = streamPid;
          break;
        }
        entry += 5 + ((((bytes[entry + 3] ?? 0) & 0x0f) << 8) | (bytes[entry + 4] ?? 0));
      }
    }
  }
  return false;
}

export type Part = { sequence: number; duration: number; independent: boolean };
type Segment = {
  sequence: number;
  parts: Part[];
  duration: number;
  discontinuity: boolean;
  /** Discontinuities from the recording's start to this segment, its own included. */
  discontinuitySequence: number;
  dateTime: string | null;
};

export type RenditionWriter = {
  /** A transcoder starts: answers the number its first part gets; its first part follows a discontinuity. */
  begin(): number;
  /** Takes the parts ffmpeg has listed since the last call; answers whether anything changed. */
  poll(): boolean;
  /** The transcoder has exited: its last parts, and the segment they end, are written. */
  finish(): void;
};

/**
 * The writer of one rendition folder. It goes on from what the folder holds (a server restarted during a broadcast):
 * the segments of `index.m3u8` stay, new ones follow after a discontinuity.
 */
export function renditionWriter(options: {
  dir: string;
  segmentSeconds: number;
  partSeconds: number;
  windowSegments: number;
}): RenditionWriter {
  const { dir, segmentSeconds, windowSegments } = options;
  const partTarget = options.partSeconds;
  const eventFile = path.join(dir, 'index.m3u8');
  const partsFile = path.join(dir, PARTS_PLAYLIST);
  const liveFile = path.join(dir, LIVE_PLAYLIST);

  /** Segments written, the newest last (only those the live window needs are kept). */
  const segments: Segment[] = [];
  // What is already recorded (a server restart during the broadcast): its segments stay in the EVENT playlist.
  let recordedLines: string[] = [];
  let nextSegment = 0;
  let discontinuities = 0;
  let targetDuration = Math.ceil(segmentSeconds);
  let independentSegments = true;
  try {
    const old = parsePlaylist(fs.readFileSync(eventFile, 'utf8'));
    nextSegment = old.mediaSequence + old.entries.length;
    old.entries.forEach((entry, i) => {
      const discontinuity = i > 0 && entry.tags.includes('#EXT-X-DISCONTINUITY');
      if (discontinuity) discontinuities += 1;
      recordedLines.push(...entry.tags, entry.uri);
      if (i < old.entries.length - windowSegments) return;
      // The live window goes on with the last segments (their parts are no longer listed).
      const extinf = entry.tags.find((tag) => tag.startsWith('#EXTINF:'));
      const dateTime = entry.tags.find((tag) => tag.startsWith('#EXT-X-PROGRAM-DATE-TIME:'));
      segments.push({
        sequence: old.mediaSequence + i,
        parts: [],
        duration: extinf ? Number.parseFloat(extinf.slice(8)) || 0 : 0,
        discontinuity,
        discontinuitySequence: discontinuities,
        dateTime: dateTime ? dateTime.slice(25) : null,
      });
    });
    const target = old.header.find((line) => line.startsWith('#EXT-X-TARGETDURATION:'));
    if (target) targetDuration = Math.max(targetDuration, Number(target.slice(22)) || 0);
  } catch {
    recordedLines = [];
  }
  let nextPart = 0;
  try {
    for (const name of fs.readdirSync(dir)) {
      const match = PART_FILE.exec(name);
      if (match) nextPart = Math.max(nextPart, Number(match[1]) + 1);
    }
  } catch {
    // no folder yet
  }

  let open: Part[] = [];
  let openDateTime: string | null = null;
  let openDiscontinuity = false;
  let partsStat = '';
  let running = false;
  let firstOfRun = false;

  /**
   * The part target: parts end at the first frame past their length, so some are a little longer (up to a frame): the
   * target is the longest part so far, which every part must not exceed.
   */
  let longestPart = Math.ceil(partTarget * 1000) / 1000;

  const openDuration = () => open.reduce((sum, part) => sum + part.duration, 0);

  const closeSegment = () => {
    if (open.length === 0) return;
    const sequence = nextSegment++;
    const file = path.join(dir, segmentName(sequence));
    const temporary = `${file}.tmp`;
    const fd = fs.openSync(temporary, 'w');
    try {
      for (const part of open) fs.writeSync(fd, fs.readFileSync(path.join(dir, partName(part.sequence))));
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
    if (openDiscontinuity) discontinuities += 1;
    const segment: Segment = {
      sequence,
      parts: open,
      duration: openDuration(),
      discontinuity: openDiscontinuity,
      discontinuitySequence: discontinuities,
      dateTime: openDateTime,
    };
    independentSegments &&= open[0]?.independent ?? false;
    targetDuration = Math.max(targetDuration, Math.round(segment.duration));
    segments.push(segment);
    recordedLines.push(
      ...(segment.discontinuity ? ['#EXT-X-DISCONTINUITY'] : []),
      ...(segment.dateTime ? [`#EXT-X-PROGRAM-DATE-TIME:${segment.dateTime}`] : []),
      `#EXTINF:${segment.duration.toFixed(3)},`,
      segmentName(sequence),
    );
    if (segments.length > windowSegments) segments.shift();
    open = [];
    openDateTime = null;
    openDiscontinuity = false;
    writeAtomically(
      eventFile,
      `${[
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        `#EXT-X-TARGETDURATION:${targetDuration}`,
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-PLAYLIST-TYPE:EVENT',
        ...(independentSegments ? ['#EXT-X-INDEPENDENT-SEGMENTS'] : []),
        ...recordedLines,
      ].join('\n')}\n`,
    );
  };

  const writeLive = () => {
    const window = segments;
    // The discontinuity sequence: the discontinuities up to the window's first segment (whose own tag is left out).
    const sequenceOfDiscontinuities =
      window[0]?.discontinuitySequence ?? discontinuities + (openDiscontinuity ? 1 : 0);
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      `#EXT-X-TARGETDURATION:${targetDuration}`,
      // While no transcoder runs (a publisher that dropped), players poll the playlist instead of holding requests.
      ...(running
        ? [`#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${(longestPart * 3).toFixed(3)}`]
        : []),
      `#EXT-X-PART-INF:PART-TARGET=${longestPart.toFixed(3)}`,
      ...(independentSegments ? ['#EXT-X-INDEPENDENT-SEGMENTS'] : []),
      `#EXT-X-MEDIA-SEQUENCE:${window[0]?.sequence ?? nextSegment}`,
      `#EXT-X-DISCONTINUITY-SEQUENCE:${sequenceOfDiscontinuities}`,
    ];
    const partLine = (part: Part) =>
      `#EXT-X-PART:DURATION=${part.duration.toFixed(3)},URI="${partName(part.sequence)}"${part.independent ? ',INDEPENDENT=YES' : ''}`;
    window.forEach((segment, i) => {
      if (i > 0 && segment.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
      if (segment.dateTime) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${segment.dateTime}`);
      if (i >= window.length - SEGMENTS_WITH_PARTS) lines.push(...segment.parts.map(partLine));
      lines.push(`#EXTINF:${segment.duration.toFixed(3)},`, segmentName(segment.sequence));
    });
    if (open.length > 0) {
      if (window.length > 0 && openDiscontinuity) lines.push('#EXT-X-DISCONTINUITY');
      if (openDateTime) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${openDateTime}`);
      lines.push(...open.map(partLine));
    }
    if (running) lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${partName(nextPart)}"`);
    writeAtomically(liveFile, `${lines.join('\n')}\n`);
  };

  const take = (part: Part, dateTime: string | null, discontinuity: boolean) => {
    const duration = openDuration();
    // A new segment at a keyframe once this one is long enough (half a part short counts), at a discontinuity, or
    // when the encoder sends no keyframe for three segments' time.
    if (
      open.length > 0 &&
      (discontinuity ||
        (part.independent && duration >= segmentSeconds - partTarget / 2) ||
        duration + part.duration > segmentSeconds * 3 + partTarget / 2)
    )
      closeSegment();
    if (open.length === 0) {
      openDateTime = dateTime;
      openDiscontinuity ||= discontinuity && nextSegment > 0;
    }
    open.push(part);
    nextPart = part.sequence + 1;
    longestPart = Math.max(longestPart, Math.ceil(part.duration * 1000) / 1000);
    const stale = path.join(dir, partName(part.sequence - PARTS_KEPT));
    fs.rm(stale, { force: true }, () => undefined);
  };

  const readParts = (): boolean => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(partsFile);
    } catch {
      return false;
    }
    const key = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
    if (key === partsStat) return false;
    partsStat = key;
    const listed = parsePlaylist(fs.readFileSync(partsFile, 'utf8'));
    let changed = false;
    listed.entries.forEach((entry, i) => {
      const sequence = listed.mediaSequence + i;
      if (sequence < nextPart || PART_FILE.exec(entry.uri)?.[1] === undefined) return;
      const extinf = entry.tags.find((tag) => tag.startsWith('#EXTINF:'));
      const dateTime = entry.tags.find((tag) => tag.startsWith('#EXT-X-PROGRAM-DATE-TIME:'));
      let head: Buffer;
      try {
        const fd = fs.openSync(path.join(dir, entry.uri), 'r');
        try {
          head = Buffer.alloc(188 * 64);
          head = head.subarray(0, fs.readSync(fd, head, 0, head.length, 0));
        } finally {
          fs.closeSync(fd);
        }
      } catch {
        return;
      }
      take(
        {
          sequence: Number(PART_FILE.exec(entry.uri)?.[1]),
          duration: extinf ? Number.parseFloat(extinf.slice(8)) || 0 : 0,
          independent: startsWithKeyframe(head),
        },
        dateTime ? dateTime.slice(25) : null,
        firstOfRun,
      );
      firstOfRun = false;
      changed = true;
    });
    return changed;
  };

  return {
    begin() {
      fs.rmSync(partsFile, { force: true });
      partsStat = '';
      running = true;
      firstOfRun = true;
      return nextPart;
    },
    poll() {
      const changed = readParts();
      if (changed) writeLive();
      return changed;
    },
    finish() {
      readParts();
      closeSegment();
      running = false;
      writeLive();
    },
  };
}

/** Where a low-latency playlist is: its last segment's sequence, and the parts listed after it. */
export type PlaylistPosition = {
  /** Sequence of the last whole segment (-1 without one). */
  lastSegment: number;
  /** Parts the last whole segment lists (0 when its parts are no longer listed). */
  lastSegmentParts: number;
  /** Parts of the segment being cut (sequence lastSegment + 1). */
  openParts: number;
  /** Whether the playlist offers blocking reloads (a transcoder is running). */
  canBlock: boolean;
  /** The part the preload hint names, if any. */
  hint: string | null;
  /** The parts (by URI) the playlist lists. */
  parts: Set<string>;
};

export function playlistPosition(text: string): PlaylistPosition {
  let sequence = 0;
  let segments = 0;
  let openParts = 0;
  let lastSegmentParts = 0;
  let canBlock = false;
  let hint: string | null = null;
  const parts = new Set<string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) sequence = Number(line.slice(22)) || 0;
    else if (line.startsWith('#EXT-X-SERVER-CONTROL:')) canBlock = line.includes('CAN-BLOCK-RELOAD=YES');
    else if (line.startsWith('#EXT-X-PART:')) {
      openParts += 1;
      const uri = /URI="([^"]*)"/.exec(line)?.[1];
      if (uri) parts.add(uri);
    } else if (line.startsWith('#EXT-X-PRELOAD-HINT:')) hint = /URI="([^"]*)"/.exec(line)?.[1] ?? null;
    else if (line && !line.startsWith('#')) {
      segments += 1;
      lastSegmentParts = openParts;
      openParts = 0;
    }
  }
  return { lastSegment: sequence + segments - 1, lastSegmentParts, openParts, canBlock, hint, parts };
}

/** A playlist's target duration in seconds (1 when it states none). */
export function targetDurationOf(text: string): number {
  const match = /#EXT-X-TARGETDURATION:(\d+)/.exec(text);
  return Math.max(1, Number(match?.[1] ?? 1));
}

/**
 * Whether a playlist satisfies a blocking request for segment `msn` (and its part `part`): the segment is listed whole,
 * or the part is (a part past the segment's last one means the next segment's first, as the spec says).
 */
export function hasPart(position: PlaylistPosition, msn: number, part: number | null): boolean {
  if (position.lastSegment >= msn + (part === null ? 0 : 1)) return true;
  if (part === null) return false;
  if (position.lastSegment === msn) return part < position.lastSegmentParts || position.openParts > 0;
  return position.lastSegment === msn - 1 && position.openParts > part;
}

/** The blocking request's directives, or why they are refused (400). */
export function blockingRequest(
  query: Record<string, unknown>,
): { msn: number; part: number | null } | null | 'bad' {
  const msnText = query._HLS_msn;
  const partText = query._HLS_part;
  if (msnText === undefined) return partText === undefined ? null : 'bad';
  const integer = (value: unknown) =>
    typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  const msn = integer(msnText);
  const part = partText === undefined ? null : integer(partText);
  if (!Number.isFinite(msn) || (part !== null && !Number.isFinite(part))) return 'bad';
  return { msn, part };
}

/**
 * Waits on playlist files for many requests at once: one poll per watched file (its size and time, the text read when
 * they change), shared by every request waiting on it; each request ends when its condition holds or its time is up.
 * Polling, not change events: it works the same on every node of a cluster sharing the folder over a network.
 */
export class PlaylistWatch {
  private readonly files = new Map<
    string,
    {
      waiters: Set<{ ready: (text: string) => boolean; done: (text: string | null) => void; until: number }>;
      stat: string;
      timer: NodeJS.Timeout;
    }
  >();

  constructor(private readonly everyMs = 20) {}

  /** The file's text once `ready` holds for it (at once when it already does), null after `timeoutMs`. */
  wait(file: string, ready: (text: string) => boolean, timeoutMs: number): Promise<string | null> {
    return new Promise((resolve) => {
      let watched = this.files.get(file);
      if (!watched) {
        const entry = {
          waiters: new Set<{
            ready: (text: string) => boolean;
            done: (text: string | null) => void;
            until: number;
          }>(),
          stat: '',
          timer: setInterval(() => this.check(file), this.everyMs),
        };
        entry.timer.unref();
        this.files.set(file, entry);
        watched = entry;
      }
      watched.waiters.add({ ready, done: resolve, until: performance.now() + timeoutMs });
      this.check(file, true);
    });
  }

  private check(file: string, force = false): void {
    const watched = this.files.get(file);
    if (!watched) return;
    let text: string | null = null;
    try {
      const stat = fs.statSync(file);
      const key = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
      if (force || key !== watched.stat) {
        watched.stat = key;
        text = fs.readFileSync(file, 'utf8');
      }
    } catch {
      text = null;
    }
    const now = performance.now();
    for (const waiter of watched.waiters) {
      if (text !== null && waiter.ready(text)) {
        watched.waiters.delete(waiter);
        waiter.done(text);
      } else if (now >= waiter.until) {
        watched.waiters.delete(waiter);
        waiter.done(null);
      }
    }
    if (watched.waiters.size === 0) {
      clearInterval(watched.timer);
      this.files.delete(file);
    }
  }
}
