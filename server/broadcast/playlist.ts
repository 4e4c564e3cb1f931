/**
 * Media playlist files as the broadcast's writers and readers share them: a playlist's parts read back, and a file
 * written so that a reader never sees half of it (hls.ts for the ladder's playlists, llhls.ts for the low-latency ones).
 */
import fs from 'node:fs';

type Entry = { tags: string[]; uri: string };
type Parsed = { header: string[]; entries: Entry[]; mediaSequence: number; ended: boolean };

/** A media playlist's header tags, its segments (each with the tags before it) and whether it has ended. */
export function parsePlaylist(text: string): Parsed {
  const header: string[] = [];
  const entries: Entry[] = [];
  let pending: string[] = [];
  let mediaSequence = 0;
  let ended = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line === '#EXT-X-ENDLIST') ended = true;
    else if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) mediaSequence = Number(line.slice(22)) || 0;
    else if (
      line === '#EXTM3U' ||
      line.startsWith('#EXT-X-VERSION') ||
      line.startsWith('#EXT-X-TARGETDURATION') ||
      line.startsWith('#EXT-X-PLAYLIST-TYPE') ||
      line === '#EXT-X-INDEPENDENT-SEGMENTS'
    ) {
      if (!header.includes(line)) header.push(line);
    } else if (line.startsWith('#')) pending.push(line);
    else {
      entries.push({ tags: pending, uri: line });
      pending = [];
    }
  }
  return { header, entries, mediaSequence, ended };
}

/** Writes a file through a temporary one renamed over it: readers see the old file or the new one, never half. */
export function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}
