/**
 * A segmented WebVTT subtitle track for a committed stream (scripts/make-streams.sh): the .vtt cut along the video
 * rendition's segments, as the server cuts uploaded tracks (server/subtitles/webvtt.ts).
 *
 *   node --import tsx scripts/segment-subtitles.ts <track.vtt> <rendition/index.m3u8> <out folder>
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseMediaPlaylist } from '../server/streams/live.ts';
import {
  firstPts,
  parseWebVtt,
  segmentTimes,
  subtitlePlaylist,
  webVttSegment,
} from '../server/subtitles/webvtt.ts';

export function segmentSubtitles(vttFile: string, renditionPlaylist: string, outDir: string) {
  const cues = parseWebVtt(fs.readFileSync(vttFile, 'utf8'));
  const rendition = parseMediaPlaylist(fs.readFileSync(renditionPlaylist, 'utf8'));
  const first = rendition.segments[0];
  if (!first) throw new Error(`${renditionPlaylist} lists no segments`);
  const pts = firstPts(fs.readFileSync(path.join(path.dirname(renditionPlaylist), first.uri)));
  if (pts === null) throw new Error(`${first.uri} has no timestamp`);
  const durations = rendition.segments.map((segment) => segment.duration);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.m3u8'), subtitlePlaylist(durations));
  segmentTimes(durations).forEach(({ start, end }, i) =>
    fs.writeFileSync(
      path.join(outDir, `seg${String(i).padStart(2, '0')}.vtt`),
      webVttSegment(cues, start, end, pts),
    ),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [vtt, playlist, out] = process.argv.slice(2);
  if (!vtt || !playlist || !out)
    throw new Error('usage: segment-subtitles.ts <track.vtt> <index.m3u8> <out folder>');
  segmentSubtitles(vtt, playlist, out);
}
