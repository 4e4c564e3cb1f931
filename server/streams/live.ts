/**
 * A simulated live stream from a VOD rendition: a sliding window of segments whose media sequence advances with the
 * clock, looping the recording (a discontinuity marks each loop), so players see a real live playlist.
 */
export type Rendition = { segments: { uri: string; duration: number }[]; targetDuration: number };

export function parseMediaPlaylist(text: string): Rendition {
  const segments: Rendition['segments'] = [];
  let duration = 0;
  let targetDuration = 1;
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.split(':')[1]);
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#')) segments.push({ uri: line, duration });
  }
  return { segments, targetDuration };
}

/** The live media playlist at `nowMs`, with `windowSize` segments; sequence numbers grow by one per segment played. */
export function livePlaylist(rendition: Rendition, nowMs: number, windowSize = 8, epochMs = 0): string {
  const { segments } = rendition;
  const segmentMs = (segments[0]?.duration ?? 1) * 1000;
  const newest = Math.floor((nowMs - epochMs) / segmentMs);
  const first = Math.max(0, newest - windowSize + 1);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${rendition.targetDuration}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / segments.length)}`,
  ];
  for (let sequence = first; sequence <= newest; sequence++) {
    const segment = segments[sequence % segments.length];
    if (sequence > first && sequence % segments.length === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${segment.duration.toFixed(3)},`, segment.uri);
  }
  return `${lines.join('\n')}\n`;
}
