// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lowestVariant, prefetchPlaylists, PREFETCH_TTL_MS, startSegment, takePrefetched } from './preload';

const BASE = 'http://app.test/livev3/';
const MASTER = `#EXTM3U
#EXT-X-STREAM-INF:BANDWIDTH=320000,RESOLUTION=640x360
360p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240
240p/index.m3u8
`;
const live = (n: number) =>
  [
    '#EXTM3U',
    '#EXT-X-TARGETDURATION:1',
    ...Array.from({ length: n }, (_, i) => `#EXTINF:1.0,\nseg0${i}.ts`),
  ].join('\n');

afterEach(() => vi.unstubAllGlobals());

describe('playlist parsing', () => {
  it('picks the lowest-bandwidth variant, absolute', () => {
    expect(lowestVariant(MASTER, 'http://app.test/streams/live/demo/master.m3u8')).toBe(
      'http://app.test/streams/live/demo/240p/index.m3u8',
    );
    expect(lowestVariant(live(3), 'http://app.test/x.m3u8')).toBeNull();
  });

  it('starts live streams liveEdgeSegments from the end and VOD at the first segment', () => {
    const url = 'http://app.test/streams/live/demo/240p/index.m3u8';
    expect(startSegment(live(8), url, 3)).toBe('http://app.test/streams/live/demo/240p/seg05.ts');
    expect(startSegment(live(2), url, 3)).toBe('http://app.test/streams/live/demo/240p/seg00.ts');
    expect(startSegment(`${live(8)}\n#EXT-X-ENDLIST`, url, 3)).toBe(
      'http://app.test/streams/live/demo/240p/seg00.ts',
    );
    expect(startSegment('#EXTM3U', url, 3)).toBeNull();
  });
});

describe('prefetchPlaylists', () => {
  it('fetches master, lowest variant and its start segment; each is taken once', async () => {
    const bodies: Record<string, string> = {
      'http://app.test/streams/live/demo/master.m3u8': MASTER,
      'http://app.test/streams/live/demo/240p/index.m3u8': live(8),
      'http://app.test/streams/live/demo/240p/seg05.ts': 'TS',
    };
    const fetchMock = vi.fn(
      async (url: string) => new Response(bodies[url] ?? '', { status: bodies[url] ? 200 : 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    prefetchPlaylists('/streams/live/demo/master.m3u8', { base: BASE });
    prefetchPlaylists('/streams/live/demo/master.m3u8', { base: BASE }); // deduplicated
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(Object.keys(bodies));

    const master = takePrefetched('/streams/live/demo/master.m3u8', BASE);
    await expect(master?.body).resolves.toBe(MASTER);
    expect(takePrefetched('/streams/live/demo/master.m3u8', BASE)).toBeNull();
    const segment = takePrefetched('http://app.test/streams/live/demo/240p/seg05.ts', BASE);
    expect(new TextDecoder().decode((await segment?.body) as ArrayBuffer)).toBe('TS');
  });

  it('forgets failed requests and ignores stale ones', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 404 })),
    );
    prefetchPlaylists('/streams/vod/missing/master.m3u8', { base: BASE });
    await vi.waitFor(() => expect(takePrefetched('/streams/vod/missing/master.m3u8', BASE)).toBeNull());

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(live(3))),
    );
    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(1000);
    prefetchPlaylists('/streams/vod/old/index.m3u8', { base: BASE });
    now.mockReturnValue(1000 + PREFETCH_TTL_MS + 1);
    expect(takePrefetched('/streams/vod/old/index.m3u8', BASE)).toBeNull();
    now.mockRestore();
  });
});
