import { describe, expect, it } from 'vitest';
import { livePlaylist, parseMediaPlaylist } from './live';

const vod = parseMediaPlaylist(
  [
    '#EXTM3U',
    '#EXT-X-TARGETDURATION:1',
    ...[0, 1, 2, 3, 4, 5].flatMap((i) => ['#EXTINF:1.000,', `seg0${i}.ts`]),
    '#EXT-X-ENDLIST',
  ].join('\n'),
);

describe('live playlist', () => {
  it('reads segments from a VOD playlist', () => {
    expect(vod.segments).toHaveLength(6);
  });

  it('is a sliding window whose media sequence advances with the clock', () => {
    const at10 = livePlaylist(vod, 10_000, 4);
    expect(at10).toContain('#EXT-X-MEDIA-SEQUENCE:7');
    expect(at10).not.toContain('#EXT-X-ENDLIST');
    expect(at10.match(/#EXTINF/g)).toHaveLength(4);
    expect(livePlaylist(vod, 11_000, 4)).toContain('#EXT-X-MEDIA-SEQUENCE:8');
  });

  it('loops the recording with a discontinuity', () => {
    const text = livePlaylist(vod, 13_000, 4); // segments 10..13 -> seg04, seg05, [loop] seg00, seg01
    expect(text).toMatch(/seg05\.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:1.000,\nseg00\.ts/);
  });
});
