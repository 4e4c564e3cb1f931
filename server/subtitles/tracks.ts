/**
 * The subtitle and caption tracks of a recording: those its master playlist lists (#EXT-X-MEDIA TYPE=SUBTITLES, and
 * TYPE=CLOSED-CAPTIONS for CEA-608 captions in the video), and those organisers uploaded for it (table
 * subtitle_tracks), which the VOD master playlist gets as more subtitle tracks, each a segmented WebVTT playlist cut
 * along the recording's video segments.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { BROADCAST_STREAM } from '../broadcast/hls.ts';
import type { CachedLookup } from '../db/table-cache.ts';
import type { Services } from '../services.ts';
import { parseMediaPlaylist } from '../streams/live.ts';
import { firstPts } from './webvtt.ts';

export type TrackKind = 'subtitles' | 'captions';

export type Track = {
  /** `stream:<n>` for a track of the master playlist (its order there), `upload:<id>` for an uploaded one. */
  id: string;
  kind: TrackKind;
  name: string;
  language: string;
  source: 'stream' | 'upload';
};

export type UploadedTrack = { id: number; name: string; language: string };

/** The attributes of an #EXT-X tag line (`KEY=value` and `KEY="quoted, value"`). */
export function tagAttributes(line: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const list = line.slice(line.indexOf(':') + 1);
  for (const match of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g))
    attributes[match[1]] = match[2].replace(/^"|"$/g, '');
  return attributes;
}

/** The subtitle and caption tracks a master playlist lists. */
export function masterTracks(master: string): Track[] {
  const tracks: Track[] = [];
  for (const line of master.split('\n')) {
    if (!line.startsWith('#EXT-X-MEDIA:')) continue;
    const media = tagAttributes(line);
    const kind =
      media.TYPE === 'SUBTITLES' ? 'subtitles' : media.TYPE === 'CLOSED-CAPTIONS' ? 'captions' : null;
    if (!kind) continue;
    tracks.push({
      id: `stream:${tracks.length}`,
      kind,
      name: media.NAME ?? '',
      language: media.LANGUAGE ?? '',
      source: 'stream',
    });
  }
  return tracks;
}

const quoted = (text: string) => text.replace(/["\r\n]/g, '');

/**
 * The master playlist with the uploaded tracks as subtitle tracks: in the playlist's own subtitle group when it has
 * one, else in a new group every variant then refers to. Their URIs are relative (`subtitles/<id>/index.m3u8`), so
 * the stream routes sign them as the rest.
 */
export function withUploadedTracks(master: string, uploaded: readonly UploadedTrack[]): string {
  if (!uploaded.length) return master;
  const lines = master.replace(/\n+$/, '').split('\n');
  const existing = lines.find(
    (line) => line.startsWith('#EXT-X-MEDIA:') && tagAttributes(line).TYPE === 'SUBTITLES',
  );
  const group = existing ? tagAttributes(existing)['GROUP-ID'] : 'uploaded-subs';
  const names = new Set(
    lines.filter((line) => line.startsWith('#EXT-X-MEDIA:')).map((line) => tagAttributes(line).NAME),
  );
  const media = uploaded.map((track) => {
    // Names are unique within a group.
    let name = quoted(track.name);
    while (names.has(name)) name = `${name} (${track.id})`;
    names.add(name);
    return `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${group}",NAME="${name}",LANGUAGE="${quoted(track.language)}",DEFAULT=NO,AUTOSELECT=YES,URI="subtitles/${track.id}/index.m3u8"`;
  });
  const firstVariant = lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  const at = firstVariant < 0 ? lines.length : firstVariant;
  const out = [...lines.slice(0, at), ...media, ...lines.slice(at)].map((line) =>
    !existing && line.startsWith('#EXT-X-STREAM-INF:') ? `${line},SUBTITLES="${group}"` : line,
  );
  return `${out.join('\n')}\n`;
}

/** A recording's video timing: its first rendition's segment durations and first timestamp (90 kHz). */
export type RecordingTiming = { durations: number[]; firstPts: number };

const NAME = /^[a-z0-9-]+$/;

/**
 * The recording's folder: a broadcast's (`bc-<id>`) in the broadcasts' folder, any other in the streams folder; null
 * for a name no stream route serves.
 */
export function recordingDir(
  dirs: { streamsDir: string; broadcastsDir: string },
  name: string,
): string | null {
  if (!NAME.test(name)) return null;
  return path.join(BROADCAST_STREAM.test(name) ? dirs.broadcastsDir : dirs.streamsDir, name);
}

/** Reads the timing of the recording in `dir` (its master's first variant); null when it has none. */
export async function readTiming(dir: string): Promise<RecordingTiming | null> {
  try {
    const master = await fs.readFile(path.join(dir, 'master.m3u8'), 'utf8');
    const variant = master
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line && !line.startsWith('#'));
    if (!variant || variant.includes('..')) return null;
    const playlist = path.join(dir, variant);
    const rendition = parseMediaPlaylist(await fs.readFile(playlist, 'utf8'));
    const first = rendition.segments[0];
    if (!first || first.uri.includes('..')) return null;
    const handle = await fs.open(path.join(path.dirname(playlist), first.uri));
    try {
      const head = Buffer.alloc(188 * 64);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const pts = firstPts(head.subarray(0, bytesRead));
      if (pts === null) return null;
      return { durations: rendition.segments.map((segment) => segment.duration), firstPts: pts };
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

/** How long what a recording's files say is kept before they are read again. */
const FILE_CACHE_MS = 10_000;

/**
 * The subtitle tracks of recordings, for the detail (whether a stream has subtitles or captions), the subtitle list
 * and the stream routes. What the files say is cached for 10 s per recording; uploaded tracks through the table cache.
 */
export function subtitleIndex(services: Pick<Services, 'sql' | 'caches' | 'settings' | 'now'>) {
  const { sql, caches, now } = services;
  const dirs = {
    streamsDir: services.settings.streamsDir,
    broadcastsDir: services.settings.broadcast.dataDir,
  };
  const uploaded: CachedLookup<string, UploadedTrack[]> = caches.query(
    ['subtitle_tracks'],
    (stream: string) =>
      sql
        .selectFrom('subtitle_tracks')
        .select(['id', 'name', 'language'])
        .where('stream', '=', stream)
        .orderBy('id')
        .execute(),
  );
  const files = new Map<string, { at: number; tracks: Track[] }>();
  const timings = new Map<string, { at: number; timing: RecordingTiming | null }>();
  const fresh = (at: number) => now() - at < FILE_CACHE_MS;

  const peekFiles = (name: string) => {
    const entry = files.get(name);
    return entry && fresh(entry.at) ? entry.tracks : undefined;
  };
  const loadFiles = async (name: string): Promise<Track[]> => {
    const cached = peekFiles(name);
    if (cached) return cached;
    const dir = recordingDir(dirs, name);
    const master = dir ? await fs.readFile(path.join(dir, 'master.m3u8'), 'utf8').catch(() => '') : '';
    const tracks = masterTracks(master);
    if (files.size >= 1_000) files.clear();
    files.set(name, { at: now(), tracks });
    return tracks;
  };
  const asTracks = (rows: UploadedTrack[]): Track[] =>
    rows.map((row) => ({
      id: `upload:${row.id}`,
      kind: 'subtitles',
      name: row.name,
      language: row.language,
      source: 'upload',
    }));

  return {
    uploaded,
    /** The tracks of a stream (live: the master's own; VOD: with the uploaded ones), without waiting when cached. */
    peek(name: string, kind: 'live' | 'vod'): Track[] | undefined {
      const own = peekFiles(name);
      if (!own || kind === 'live') return own;
      const extra = uploaded.peek(name);
      return extra && [...own, ...asTracks(extra)];
    },
    async tracks(name: string, kind: 'live' | 'vod'): Promise<Track[]> {
      const own = await loadFiles(name);
      return kind === 'live' ? own : [...own, ...asTracks(await uploaded(name))];
    },
    /** The recording's video timing, which uploaded tracks are cut along (cached like the files). */
    async timing(name: string): Promise<RecordingTiming | null> {
      const entry = timings.get(name);
      if (entry && fresh(entry.at)) return entry.timing;
      const dir = recordingDir(dirs, name);
      const timing = dir ? await readTiming(dir) : null;
      if (timings.size >= 1_000) timings.clear();
      timings.set(name, { at: now(), timing });
      return timing;
    },
  };
}

export type SubtitleIndex = ReturnType<typeof subtitleIndex>;

/** What the detail says of a set of tracks. */
export function trackSummary(tracks: readonly Track[]): { has_subtitles: boolean; has_captions: boolean } {
  return {
    has_subtitles: tracks.some((track) => track.kind === 'subtitles'),
    has_captions: tracks.some((track) => track.kind === 'captions'),
  };
}
