/**
 * Item 4: streams of paid or password events were open to anyone with the path. Now playlists and segments need a
 * signed, expiring URL, handed out only with the detail to viewers who passed the gates, and renewable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStreamSigner, signPlaylist, unsignedStreamUrl } from '../streams/sign.ts';
import { call, newViewer, testServer, type App } from './test-helpers.ts';

let app: App;
let clock = 1_800_000_000_000;
beforeAll(async () => {
  app = await testServer({ now: () => clock, streamTtlSeconds: 600 });
}, 60_000);
afterAll(() => app.close());

const get = (url: string, token?: string) => call(app, { method: 'GET', url, token });
const detail = async (event: string, token?: string) =>
  (await get(`/v3/api/video/detail?token=${event}`, token)).json().data;

describe('stream URLs are signed and expire', () => {
  it('refuses the playlists and segments of a paid or password event without a signature', async () => {
    for (const path of [
      '/streams/live/demo/master.m3u8',
      '/streams/live/demo/240p/index.m3u8',
      '/streams/vod/demo/master.m3u8',
      '/streams/vod/demo/240p/seg00.ts',
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(403);
      expect(response.json()).toMatchObject({ xcode: 403, data: null });
    }
    // Covers stay public.
    expect((await get('/streams/vod/demo/cover.jpg')).statusCode).toBe(200);
  });

  it('hands signed URLs only to viewers who passed the gates', async () => {
    expect(await detail('secret')).toMatchObject({ live_url: '', replay_url: '' });
    expect(await detail('paid')).toMatchObject({ live_url: '', replay_url: '' });
    const free = await detail('demo');
    expect(free.live_url).toMatch(/^\/streams\/live\/demo\/master\.m3u8\?exp=\d+&sig=[\w-]+$/);
  });

  it('signs every URI of the playlists it serves, so renditions and segments play', async () => {
    const { live_url } = await detail('demo');
    const master = await get(live_url);
    expect(master.statusCode).toBe(200);
    const rendition = master.body.split('\n').find((line) => line.endsWith(live_url.split('?')[1]));
    expect(rendition).toMatch(/^240p\/index\.m3u8\?exp=/);
    const media = await get(`/streams/live/demo/${rendition}`);
    expect(media.statusCode).toBe(200);
    const segment = media.body.split('\n').find((line) => line.includes('.ts?'));
    expect((await get(`/streams/live/demo/240p/${segment}`)).statusCode).toBe(200);
  });

  it('refuses an expired, tampered or foreign signature', async () => {
    const { live_url } = await detail('demo');
    expect((await get(live_url.replace(/sig=./, 'sig=A'))).statusCode).toBe(403);
    // A signature for one stream does not open another.
    expect((await get(live_url.replace('/live/demo/', '/vod/demo/'))).statusCode).toBe(403);
    expect((await get(live_url.replace(/exp=\d+/, 'exp=9999999999'))).statusCode).toBe(403);
    const before = clock;
    clock += 601_000;
    expect((await get(live_url)).statusCode).toBe(403);
    clock = before;
  });

  it('renews the signature for a viewer who passed the gates, never for one who did not', async () => {
    const { live_url } = await detail('demo');
    clock += 30_000;
    const renewed = await get(`/v3/api/video/stream/sign?token=demo&url=${encodeURIComponent(live_url)}`);
    expect(renewed.json()).toMatchObject({ xcode: 200 });
    const { url, expires_at } = renewed.json().data;
    expect(unsignedStreamUrl(url)).toBe('/streams/live/demo/master.m3u8');
    expect(expires_at).toBe(Math.floor(clock / 1000) + 600);
    expect((await get(url)).statusCode).toBe(200);

    const gated = await get(
      `/v3/api/video/stream/sign?token=secret&url=${encodeURIComponent('/streams/live/demo/master.m3u8')}`,
    );
    expect(gated.json()).toMatchObject({ xcode: 403, data: null });
    const viewer = await newViewer(app);
    const foreign = await get(
      `/v3/api/video/stream/sign?token=demo&url=${encodeURIComponent('/streams/vod/other/master.m3u8')}`,
      viewer.token,
    );
    expect(foreign.json()).toMatchObject({ xcode: 404 });
  });

  it('hands the owner of a password event signed URLs', async () => {
    const { startSession } = await import('../accounts/sessions.ts');
    const owner = await startSession(app.sql, 1, app.now());
    const data = await detail('secret', owner);
    expect((await get(data.live_url)).statusCode).toBe(200);
  });
});

describe('signing helpers', () => {
  it('signs a stream folder, not other paths, and verifies only within the lifetime', () => {
    let now = 1_000_000;
    const signer = createStreamSigner({ secret: 's', ttlSeconds: 60, now: () => now });
    expect(signer.sign('/uploads/x.mp4')).toBe('/uploads/x.mp4');
    const signed = signer.sign('/streams/vod/demo/master.m3u8?episode=3');
    const params = new URLSearchParams(signed.split('?')[1]);
    expect(params.get('episode')).toBe('3');
    expect(signer.verify('/streams/vod/demo/360p/seg01.ts', params.get('exp'), params.get('sig'))).toBe(true);
    expect(signer.verify('/streams/vod/demo2/seg01.ts', params.get('exp'), params.get('sig'))).toBe(false);
    now += 61_000;
    expect(signer.verify('/streams/vod/demo/master.m3u8', params.get('exp'), params.get('sig'))).toBe(false);
  });

  it('writes the query into URI lines and URI attributes', () => {
    expect(signPlaylist('#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="key.bin"\na.ts\n', 'exp=1&sig=x')).toBe(
      '#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="key.bin?exp=1&sig=x"\na.ts?exp=1&sig=x\n',
    );
  });
});
