/**
 * HLS of a broadcast: the ffmpeg command that turns the publisher's FLV into the ladder's renditions (an EVENT
 * playlist each, every segment kept: the recording is the replay), the live window the stream routes serve from those
 * playlists, and the replay's VOD playlists made from them once the broadcast has ended. Every playlist is written to
 * a temporary file and renamed over the old one (ffmpeg's temp_file flag, and writeAtomically of playlist.ts), so a reader
 * never sees half of one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LIVE_PLAYLIST, PART_FILE, PARTS_LISTED, PARTS_PLAYLIST, partSeconds } from './llhls.ts';
import { parsePlaylist, writeAtomically } from './playlist.ts';
import type { BroadcastSettings } from './settings.ts';

/** The folder name of a broadcast's HLS (also its stream name in /streams/<kind>/<name>/). */
export const broadcastStream = (broadcastId: number) => `bc-${broadcastId}`;
/** Stream names that are broadcasts (the stream routes read them from the broadcast folder). */
export const BROADCAST_STREAM = /^bc-\d+$/;

/**
 * ffmpeg's arguments: FLV on stdin, the ladder's renditions as HLS in `dir` (`<rung>/index.m3u8`; the master playlist
 * is ours, masterPlaylist: ffmpeg leaves out a passed-through rendition whose bitrate the stream does not state).
 * `append` continues the playlists of an earlier publisher of the same broadcast (a reconnect), after a
 * discontinuity. The source rung copies H.264 and AAC; other rungs are encoded with a keyframe every segment.
 */
export function ffmpegArguments(
  settings: Pick<BroadcastSettings, 'ladder' | 'segmentSeconds' | 'lowLatency' | 'partMs'>,
  options: { dir: string; hasAudio: boolean; audioIsAac: boolean; append: boolean; firstPart?: number },
): string[] {
  const { ladder, segmentSeconds } = settings;
  const scaled = ladder.filter((rung) => rung.height !== null);
  // The stream's headers come first (the ingest starts ffmpeg at a keyframe, with what came before it): half a second
  // of probing finds both streams, and nothing waits in ffmpeg's input buffer. Low latency keeps the probed packets
  // (ffmpeg goes through them at once): its parts are timed from the first keyframe, which must not be lost.
  const probe = [
    ...(settings.lowLatency ? [] : ['-fflags', 'nobuffer']),
    ...['-analyzeduration', '500000', '-probesize', '1000000'],
  ];
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', ...probe, '-f', 'flv', '-i', 'pipe:0'];
  if (scaled.length > 0) {
    const outputs = scaled.map((_, i) => `[v${i}]`).join('');
    const split = scaled.length > 1 ? `split=${scaled.length}${outputs};` : '';
    const chains = scaled.map((rung, i) =>
      scaled.length > 1 ? `[v${i}]scale=-2:${rung.height}[s${i}]` : `scale=-2:${rung.height}[s${i}]`,
    );
    args.push('-filter_complex', `[0:v]${split}${chains.join(';')}`);
  }
  const streamMap: string[] = [];
  let scaledIndex = 0;
  ladder.forEach((rung, i) => {
    if (rung.height === null) {
      args.push('-map', '0:v', `-c:v:${i}`, 'copy');
    } else {
      const kbps = rung.videoKbps;
      args.push(
        '-map',
        `[s${scaledIndex++}]`,
        `-c:v:${i}`,
        'libx264',
        `-preset:v:${i}`,
        'veryfast',
        `-tune:v:${i}`,
        'zerolatency',
        `-profile:v:${i}`,
        'main',
        `-pix_fmt:v:${i}`,
        'yuv420p',
        `-b:v:${i}`,
        `${kbps}k`,
        `-maxrate:v:${i}`,
        `${Math.round(kbps * 1.1)}k`,
        `-bufsize:v:${i}`,
        `${kbps * 2}k`,
        `-force_key_frames:v:${i}`,
        `expr:gte(t,n_forced*${segmentSeconds})`,
        `-sc_threshold:v:${i}`,
        '0',
      );
    }
    if (options.hasAudio) {
      args.push('-map', '0:a');
      if (rung.height === null && options.audioIsAac) args.push(`-c:a:${i}`, 'copy');
      else args.push(`-c:a:${i}`, 'aac', `-b:a:${i}`, `${rung.audioKbps}k`, `-ac:a:${i}`, '2');
    }
    streamMap.push(options.hasAudio ? `v:${i},a:${i},name:${rung.name}` : `v:${i},name:${rung.name}`);
  });
  if (settings.lowLatency) {
    // Low latency (llhls.ts): parts cut by time, keyframe or not, numbered on from the last transcoder's; the writer
    // makes the segments, the playlists and the recording of them.
    const part = partSeconds(segmentSeconds, settings.partMs);
    args.push(
      '-f',
      'hls',
      '-hls_time',
      `${Math.round(part * 1e6)}us`,
      '-hls_list_size',
      String(PARTS_LISTED),
      '-start_number',
      String(options.firstPart ?? 0),
      '-hls_flags',
      'split_by_time+temp_file+program_date_time',
      '-var_stream_map',
      streamMap.join(' '),
      '-hls_segment_filename',
      path.join(options.dir, '%v', 'p%06d.ts'),
      path.join(options.dir, '%v', PARTS_PLAYLIST),
    );
    return args;
  }
  const flags = [
    'independent_segments',
    'temp_file',
    'program_date_time',
    ...(options.append ? ['append_list', 'discont_start'] : []),
  ];
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_list_size',
    '0',
    '-hls_playlist_type',
    'event',
    '-hls_flags',
    flags.join('+'),
    '-var_stream_map',
    streamMap.join(' '),
    '-hls_segment_filename',
    path.join(options.dir, '%v', 's%05d.ts'),
    path.join(options.dir, '%v', 'index.m3u8'),
  );
  return args;
}

/** Bandwidth announced for the passed-through source when its bitrate is unknown (hls.js measures the real one). */
const SOURCE_KBPS = 3000;

/** The master playlist of the ladder: one variant per rung, highest first. */
export function masterPlaylist(ladder: BroadcastSettings['ladder'], hasAudio: boolean): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rung of ladder) {
    const kbps = (rung.height === null ? SOURCE_KBPS : rung.videoKbps) + (hasAudio ? rung.audioKbps : 0);
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${kbps * 1000}`, `${rung.name}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The live window of an EVENT playlist: its last `size` segments with the media and discontinuity sequences of the
 * first, never an end (a publisher that dropped may come back; the room learns of the end from the server).
 */
export function liveWindow(text: string, size: number): string {
  const { header, entries, mediaSequence } = parsePlaylist(text);
  const first = Math.max(0, entries.length - size);
  const discontinuities = entries
    .slice(0, first + 1)
    .filter((entry, i) => i > 0 && entry.tags.includes('#EXT-X-DISCONTINUITY')).length;
  const lines = header.filter((line) => !line.startsWith('#EXT-X-PLAYLIST-TYPE'));
  lines.push(
    `#EXT-X-MEDIA-SEQUENCE:${mediaSequence + first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuities}`,
  );
  entries.slice(first).forEach((entry, i) => {
    // The window's first segment carries its discontinuity in the sequence number, not as a tag.
    lines.push(...entry.tags.filter((tag) => i > 0 || tag !== '#EXT-X-DISCONTINUITY'), entry.uri);
  });
  return `${lines.join('\n')}\n`;
}

/** The VOD playlist of a finished recording: every segment, VOD type, with its end. */
export function vodPlaylist(text: string): string {
  const { header, entries, mediaSequence } = parsePlaylist(text);
  const lines = header.map((line) =>
    line.startsWith('#EXT-X-PLAYLIST-TYPE') ? '#EXT-X-PLAYLIST-TYPE:VOD' : line,
  );
  if (!lines.some((line) => line.startsWith('#EXT-X-PLAYLIST-TYPE'))) lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  lines.push(`#EXT-X-MEDIA-SEQUENCE:${mediaSequence}`);
  entries.forEach((entry, i) => {
    lines.push(...entry.tags.filter((tag) => i > 0 || tag !== '#EXT-X-DISCONTINUITY'), entry.uri);
  });
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** The fewest segments any rendition of a broadcast folder lists (0 while one has no playlist yet). */
export function listedSegments(dir: string, rungs: readonly string[]): number {
  let fewest = Number.POSITIVE_INFINITY;
  for (const rung of rungs) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(dir, rung, 'index.m3u8'), 'utf8');
    } catch {
      return 0;
    }
    fewest = Math.min(fewest, parsePlaylist(text).entries.length);
  }
  return Number.isFinite(fewest) ? fewest : 0;
}

/**
 * Turns a finished broadcast folder into its replay: each rendition's playlist becomes a VOD playlist (written
 * atomically), the master stays, low latency's parts go. Answers the replay's length in seconds, 0 when nothing was recorded.
 */
export function finishRecording(dir: string, rungs: readonly string[]): number {
  let seconds = 0;
  for (const rung of rungs) {
    const file = path.join(dir, rung, 'index.m3u8');
    // Low latency's parts and live playlists (llhls.ts) are not part of the recording: its segments hold their bytes.
    try {
      for (const name of fs.readdirSync(path.join(dir, rung)))
        if (PART_FILE.test(name) || name === PARTS_PLAYLIST || name === LIVE_PLAYLIST)
          fs.rmSync(path.join(dir, rung, name), { force: true });
    } catch {
      // no folder: nothing was recorded
    }
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const parsed = parsePlaylist(text);
    if (parsed.entries.length === 0) continue;
    writeAtomically(file, vodPlaylist(text));
    const length = parsed.entries.reduce((sum, entry) => {
      const extinf = entry.tags.find((tag) => tag.startsWith('#EXTINF:'));
      return sum + (extinf ? Number.parseFloat(extinf.slice(8)) || 0 : 0);
    }, 0);
    seconds = Math.max(seconds, length);
  }
  if (!fs.existsSync(path.join(dir, 'master.m3u8'))) return 0;
  return Math.round(seconds);
}
