/**
 * Subtitle files: WebVTT and SubRip (.srt) read into cues, cues written as WebVTT, and the segmented WebVTT an HLS
 * subtitle playlist serves (one segment per video segment, each with the cues that overlap it and the
 * X-TIMESTAMP-MAP that ties cue time 0 to the recording's first MPEG-TS timestamp, so cue times are the recording's).
 *
 * A small converter of our own rather than a library: the two formats differ in a header, a comma for the decimal
 * point and cue numbers, and the server needs the cues themselves to segment them anyway.
 */

export type Cue = {
  /** Milliseconds from the start of the recording. */
  start: number;
  end: number;
  /** WebVTT cue settings (`line:90% align:center`), '' for none; .srt has none. */
  settings: string;
  /** The cue's text, lines joined by '\n' (WebVTT markup such as <i> kept as written). */
  text: string;
};

/** Why a file is not a subtitle file: the upload answers each with its own message. */
export type SubtitleProblem = 'empty' | 'header' | 'timing' | 'no-cues' | 'too-long';

export class SubtitleFileError extends Error {
  constructor(
    readonly problem: SubtitleProblem,
    /** 1-based line of the problem, when there is one. */
    readonly line = 0,
  ) {
    super(line ? `${problem} at line ${line}` : problem);
  }
}

/** At most this many cues in one file (a two-hour film has ~1,500). */
export const MAX_CUES = 20_000;

// hh:mm:ss.mmm or mm:ss.mmm (WebVTT); SubRip writes hh:mm:ss,mmm and some tools drop the hours or the padding.
const TIME = /^(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)[.,](\d{1,3})$/;

function parseTime(text: string): number | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const [, hours = '0', minutes, seconds, fraction] = match;
  return (
    ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(fraction.padEnd(3, '0'))
  );
}

/** `start --> end [settings]` of a cue's timing line, null when the line is none. */
function parseTiming(line: string): { start: number; end: number; settings: string } | null {
  const arrow = line.indexOf('-->');
  if (arrow < 0) return null;
  const start = parseTime(line.slice(0, arrow));
  const [endText = '', ...settings] = line
    .slice(arrow + 3)
    .trim()
    .split(/[ \t]+/);
  const end = parseTime(endText);
  if (start === null || end === null || end < start) return null;
  return { start, end, settings: settings.join(' ') };
}

function lines(text: string): string[] {
  // A byte-order mark and Windows or old Mac line ends are common in files from subtitle editors.
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}

/** Cues of a WebVTT file (NOTE, STYLE and REGION blocks skipped). Throws SubtitleFileError when it is no WebVTT. */
export function parseWebVtt(text: string): Cue[] {
  const all = lines(text);
  if (!all.some((line) => line.trim())) throw new SubtitleFileError('empty');
  if (!/^WEBVTT(?:[ \t].*)?$/.test(all[0] ?? '')) throw new SubtitleFileError('header', 1);
  const cues: Cue[] = [];
  let i = 1;
  // Header lines up to the first blank line.
  while (i < all.length && all[i].trim()) i++;
  while (i < all.length) {
    while (i < all.length && !all[i].trim()) i++;
    if (i >= all.length) break;
    const blockStart = i;
    const block: string[] = [];
    while (i < all.length && all[i].trim()) block.push(all[i++]);
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(block[0])) continue;
    // An optional identifier line, then the timing line (a first line that starts like a time is a broken timing
    // line, not an identifier, when the next is no timing line either).
    const timingAt =
      block[0].includes('-->') || (!block[1]?.includes('-->') && /^\s*\d{1,3}:\d/.test(block[0])) ? 0 : 1;
    const timing = block[timingAt] === undefined ? null : parseTiming(block[timingAt]);
    if (!timing) throw new SubtitleFileError('timing', blockStart + timingAt + 1);
    cues.push({ ...timing, text: block.slice(timingAt + 1).join('\n') });
    if (cues.length > MAX_CUES) throw new SubtitleFileError('too-long');
  }
  if (!cues.length) throw new SubtitleFileError('no-cues');
  return cues;
}

/** Cues of a SubRip (.srt) file. Throws SubtitleFileError when it is no SubRip. */
export function parseSrt(text: string): Cue[] {
  const all = lines(text);
  if (!all.some((line) => line.trim())) throw new SubtitleFileError('empty');
  const cues: Cue[] = [];
  let i = 0;
  while (i < all.length) {
    while (i < all.length && !all[i].trim()) i++;
    if (i >= all.length) break;
    const blockStart = i;
    const block: string[] = [];
    while (i < all.length && all[i].trim()) block.push(all[i++]);
    // The cue number line (some files leave it out), then the timing line.
    const timingAt = /^\d+$/.test(block[0].trim()) ? 1 : 0;
    const timing = block[timingAt] === undefined ? null : parseTiming(block[timingAt]);
    if (!timing) throw new SubtitleFileError('timing', blockStart + timingAt + 1);
    // SubRip has no cue settings (some tools write X1:... coordinates there): they are dropped.
    cues.push({
      start: timing.start,
      end: timing.end,
      settings: '',
      text: srtText(block.slice(timingAt + 1)),
    });
    if (cues.length > MAX_CUES) throw new SubtitleFileError('too-long');
  }
  if (!cues.length) throw new SubtitleFileError('no-cues');
  return cues;
}

/**
 * SubRip text as WebVTT cue text: the tags both know (<b>, <i>, <u>) stay, <font ...> goes (WebVTT has none), and a
 * bare '&' or '<' is escaped, as WebVTT requires; '-->' cannot stand in a WebVTT cue's text.
 */
function srtText(textLines: string[]): string {
  return textLines
    .map((line) =>
      line
        .replace(/<\/?font[^>]*>/gi, '')
        .replace(/&(?![a-z]+;|#\d+;|#x[0-9a-f]+;)/gi, '&amp;')
        .replace(/<(?!\/?[biu]>)/gi, '&lt;')
        .replace(/-->/g, '--&gt;'),
    )
    .join('\n');
}

function formatTime(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 1000, 3)}`;
}

function cueBlock(cue: Cue): string {
  const settings = cue.settings ? ` ${cue.settings}` : '';
  return `${formatTime(cue.start)} --> ${formatTime(cue.end)}${settings}\n${cue.text}`;
}

/** A WebVTT file of the cues. */
export function toWebVtt(cues: readonly Cue[]): string {
  return `WEBVTT\n\n${cues.map(cueBlock).join('\n\n')}\n`;
}

/** Reads a .vtt or .srt file (by its name's extension, else by its first line) into cues. */
export function parseSubtitleFile(name: string, text: string): Cue[] {
  const srt =
    /\.srt$/i.test(name) || (!/\.vtt$/i.test(name) && !text.replace(/^\uFEFF/, '').startsWith('WEBVTT'));
  return srt ? parseSrt(text) : parseWebVtt(text);
}

/**
 * One segment of a segmented WebVTT subtitle track: the cues overlapping [startMs, endMs), with cue time 0 mapped
 * to `firstPts` (90 kHz), the recording's first MPEG-TS timestamp.
 */
export function webVttSegment(
  cues: readonly Cue[],
  startMs: number,
  endMs: number,
  firstPts: number,
): string {
  const overlapping = cues.filter((cue) => cue.start < endMs && cue.end > startMs);
  const header = `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${firstPts},LOCAL:00:00:00.000\n`;
  return `${header}\n${overlapping.map((cue) => `${cueBlock(cue)}\n`).join('\n')}`;
}

/** The segments' [start, end) in ms from the video's segment durations (seconds). */
export function segmentTimes(durations: readonly number[]): { start: number; end: number }[] {
  let at = 0;
  return durations.map((duration) => {
    const start = at;
    at += duration * 1000;
    return { start: Math.round(start), end: Math.round(at) };
  });
}

/** A VOD media playlist of WebVTT segments `seg<N>.vtt`, one per video segment, with the same durations. */
export function subtitlePlaylist(durations: readonly number[]): string {
  const target = Math.max(1, ...durations.map((duration) => Math.ceil(duration)));
  const body = durations.map(
    (duration, i) => `#EXTINF:${duration.toFixed(3)},\nseg${String(i).padStart(2, '0')}.vtt`,
  );
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    ...body,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/**
 * The first presentation timestamp (90 kHz) of an MPEG-TS segment: the smallest PTS among the first PES packet of
 * each stream in it (players take the earliest track's start as the stream's zero). Null when there is none.
 */
export function firstPts(ts: Uint8Array): number | null {
  const seen = new Set<number>();
  let first: number | null = null;
  for (let at = ts.indexOf(0x47); at >= 0 && at + 188 <= ts.length; at += 188) {
    if (ts[at] !== 0x47) break;
    const unitStart = (ts[at + 1] & 0x40) !== 0;
    const pid = ((ts[at + 1] & 0x1f) << 8) | ts[at + 2];
    if (!unitStart || pid === 0 || seen.has(pid)) continue;
    const adaptation = (ts[at + 3] >> 4) & 0x3;
    let payload = at + 4;
    if (adaptation === 2) continue;
    if (adaptation === 3) payload += 1 + ts[at + 4];
    if (payload + 14 > at + 188) continue;
    if (ts[payload] !== 0 || ts[payload + 1] !== 0 || ts[payload + 2] !== 1) continue;
    seen.add(pid);
    if ((ts[payload + 7] & 0x80) === 0) continue;
    const p = payload + 9;
    const pts =
      (ts[p] & 0x0e) * 536870912 + // bits 32..30, shifted left 29
      ts[p + 1] * 4194304 + // 22
      (ts[p + 2] >> 1) * 32768 + // 15
      ts[p + 3] * 128 + // 7
      (ts[p + 4] >> 1);
    first = first === null ? pts : Math.min(first, pts);
  }
  return first;
}
