/**
 * Subtitle and caption tracks through the server: the demo stream's own (its master playlist lists two WebVTT tracks
 * and CEA-608 captions), and a track an organiser uploads for a replay (.srt converted), served as a segmented WebVTT
 * playlist in the recording's master playlist. Bad files are answered with what is wrong, in the request's locale.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../config.ts';
import { call, newViewer, testServer, type App } from '../security/test-helpers.ts';
import { ORGANISATION_SEED } from '../seed/organisations.ts';
import { SHOP_SEED_USERS } from '../seed/shop.ts';

let app: App;
let streamsDir: string;
let broadcastsDir: string;
const organiser = SHOP_SEED_USERS.organiser.token;

beforeAll(async () => {
  // The demo's recording, and a copy of it as a replay only the demo organisation plays.
  streamsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-subtitles-'));
  fs.cpSync(path.join(projectRoot, 'server/media/demo'), path.join(streamsDir, 'demo'), { recursive: true });
  fs.cpSync(path.join(projectRoot, 'server/media/demo'), path.join(streamsDir, 'lecture'), {
    recursive: true,
  });
  // The lecture's master playlist without the demo's tracks: uploads make a subtitle group of their own.
  fs.writeFileSync(
    path.join(streamsDir, 'lecture/master.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240\n240p/index.m3u8\n',
  );
  // A broadcast's replay (its recording in the broadcasts' folder), an episode of an event of the demo organiser's.
  broadcastsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-subtitles-bc-'));
  fs.cpSync(path.join(streamsDir, 'lecture'), path.join(broadcastsDir, 'bc-77'), { recursive: true });
  app = await testServer({ streamsDir, broadcast: { dataDir: broadcastsDir } });
  await app.sql
    .insertInto('events')
    .values({
      token: 'lecture',
      owner_id: ORGANISATION_SEED.operator,
      organisation_id: ORGANISATION_SEED.demo,
      title: '讲座回放',
      replay_stream: 'lecture',
    })
    .execute();
  const { id } = await app.sql
    .insertInto('events')
    .values({
      token: 'went-live',
      owner_id: ORGANISATION_SEED.operator,
      organisation_id: ORGANISATION_SEED.demo,
      title: '直播回放',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.sql
    .insertInto('episodes')
    .values({ id: 9770, event_id: id, position: 1, title: '第一场', stream: 'bc-77', duration_s: 12 })
    .execute();
}, 60_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(streamsDir, { recursive: true, force: true });
  fs.rmSync(broadcastsDir, { recursive: true, force: true });
});

const get = (url: string, token?: string) => call(app, { method: 'GET', url, token });
const upload = (payload: Record<string, unknown>, token = organiser, locale = 'zh-CN') =>
  call(app, {
    method: 'POST',
    url: '/v3/api/video/subtitles',
    payload: { token: 'lecture', language: 'en', name: 'English', ...payload },
    headers: { 'accept-language': locale },
    token,
  });

const SRT = `1
00:00:01,000 --> 00:00:02,500
Hello <font color="red">there</font>

2
00:00:03,200 --> 00:00:05,000
Fish & chips
`;

describe('subtitles', () => {
  it('says in the detail that the demo stream has subtitles and captions, and lists its tracks', async () => {
    const detail = (await get('/v3/api/video/detail?token=demo')).json().data;
    expect(detail).toMatchObject({ has_subtitles: true, has_captions: true });
    // A second call of an anonymous viewer is answered from the caches with the same.
    expect((await get('/v3/api/video/detail?token=demo')).json().data).toMatchObject({
      has_subtitles: true,
      has_captions: true,
    });
    expect((await get('/v3/api/video/detail?token=lecture')).json().data).toMatchObject({
      has_subtitles: false,
      has_captions: false,
    });
    // An event with episodes: its episodes' recordings (the demo's) say it.
    expect((await get('/v3/api/video/detail?token=vod')).json().data).toMatchObject({
      episode_count: 3,
      has_subtitles: true,
      has_captions: true,
    });
    const { tracks } = (await get('/v3/api/video/subtitles?token=demo')).json().data;
    const live = tracks.filter(
      (track: { stream: string }) => track.stream === '/streams/live/demo/master.m3u8',
    );
    expect(live).toEqual([
      {
        id: 'stream:0',
        kind: 'subtitles',
        name: '中文',
        language: 'zh',
        source: 'stream',
        stream: expect.any(String),
      },
      {
        id: 'stream:1',
        kind: 'subtitles',
        name: 'English',
        language: 'en',
        source: 'stream',
        stream: expect.any(String),
      },
      {
        id: 'stream:2',
        kind: 'captions',
        name: 'English (CC1)',
        language: 'en',
        source: 'stream',
        stream: expect.any(String),
      },
    ]);
  });

  it('serves the demo master playlist with its subtitle tracks signed, and their WebVTT segments', async () => {
    const { live_url } = (await get('/v3/api/video/detail?token=demo')).json().data;
    const master = (await get(live_url)).body;
    const uri = /URI="(subs-zh\/index\.m3u8\?exp=\d+&sig=[\w-]+)"/.exec(master)?.[1];
    expect(uri).toBeDefined();
    const playlist = await get(`/streams/live/demo/${uri}`);
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((line) => line.includes('.vtt?'));
    const vtt = await get(`/streams/live/demo/subs-zh/${segment}`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toContain('text/vtt');
    expect(vtt.body).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00\.000\n/);
    // Unsigned, refused like the video's segments.
    expect((await get('/streams/live/demo/subs-zh/seg00.vtt')).statusCode).toBe(403);
  });

  it('takes an .srt for a replay, converts it and adds it to the recording as a segmented WebVTT track', async () => {
    const response = await upload({ file_name: 'lecture.en.srt', content: SRT });
    expect(response.json()).toMatchObject({
      xcode: 200,
      data: {
        track: { kind: 'subtitles', name: 'English', language: 'en', source: 'upload' },
        cues: 2,
        converted: true,
      },
    });
    const detail = (await get('/v3/api/video/detail?token=lecture')).json().data;
    expect(detail).toMatchObject({ has_subtitles: true, has_captions: false });
    const master = (await get(detail.replay_url)).body;
    expect(master).toMatch(
      /#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="uploaded-subs",NAME="English",LANGUAGE="en"/,
    );
    expect(master).toMatch(/SUBTITLES="uploaded-subs"/);
    const uri = /URI="(subtitles\/\d+\/index\.m3u8\?exp=\d+&sig=[\w-]+)"/.exec(master)?.[1];
    const playlist = await get(`/streams/vod/lecture/${uri}`);
    expect(playlist.statusCode).toBe(200);
    // One WebVTT segment per video segment (12 of 1 s), signed.
    const segments = playlist.body.split('\n').filter((line) => line.includes('.vtt?'));
    expect(segments).toHaveLength(12);
    const trackPath = `/streams/vod/lecture/${uri?.split('index.m3u8')[0]}`;
    const second = await get(`${trackPath}${segments[1]}`);
    expect(second.headers['content-type']).toContain('text/vtt');
    expect(second.body).toContain('00:00:01.000 --> 00:00:02.500\nHello there');
    const fourth = (await get(`${trackPath}${segments[4]}`)).body;
    expect(fourth).toContain('00:00:03.200 --> 00:00:05.000\nFish &amp; chips');
    expect(fourth).not.toContain('Hello');
    expect((await get(`${trackPath}seg99.vtt?${segments[0]?.split('?')[1]}`)).statusCode).toBe(404);

    // A second upload of the same language replaces the track.
    await upload({ file_name: 'fixed.vtt', content: 'WEBVTT\n\n00:00.500 --> 00:01.500\nFixed\n' });
    const again = (await get((await get('/v3/api/video/detail?token=lecture')).json().data.replay_url)).body;
    expect(again.match(/TYPE=SUBTITLES/g)).toHaveLength(1);
    const { tracks } = (await get('/v3/api/video/subtitles?token=lecture')).json().data;
    expect(tracks).toEqual([
      expect.objectContaining({
        source: 'upload',
        language: 'en',
        stream: '/streams/vod/lecture/master.m3u8',
      }),
    ]);
  });

  it("adds a track to a broadcast's replay, an episode, in its master playlist", async () => {
    const detail = async () => (await get('/v3/api/video/detail?token=went-live')).json().data;
    expect(await detail()).toMatchObject({ episode_count: 1, has_subtitles: false });
    const response = await upload({
      token: 'went-live',
      episode_id: 9770,
      language: 'zh',
      name: '中文',
      file_name: 'zh.vtt',
      content: 'WEBVTT\n\n00:00:02.000 --> 00:00:03.000\n你好\n',
    });
    expect(response.json()).toMatchObject({
      xcode: 200,
      data: { track: { stream: '/streams/vod/bc-77/master.m3u8?episode=9770' }, converted: false },
    });
    const master = (await get(app.services.streams.sign('/streams/vod/bc-77/master.m3u8'))).body;
    const uri = /URI="(subtitles\/\d+\/index\.m3u8\?exp=\d+&sig=[\w-]+)"/.exec(master)?.[1];
    expect(uri).toBeDefined();
    const playlist = (await get(`/streams/vod/bc-77/${uri}`)).body;
    const third = playlist.split('\n').filter((line) => line.includes('.vtt?'))[2];
    const segment = await get(`/streams/vod/bc-77/${uri?.split('index.m3u8')[0]}${third}`);
    expect(segment.body).toContain('00:00:02.000 --> 00:00:03.000\n你好');
    // The detail now says so: the player loads the build that shows it.
    expect(await detail()).toMatchObject({ episode_count: 1, has_subtitles: true, has_captions: false });
    const { tracks } = (await get('/v3/api/video/subtitles?token=went-live')).json().data;
    expect(tracks).toEqual([expect.objectContaining({ language: 'zh', source: 'upload' })]);
  });

  it('answers a bad file with what is wrong and where, in the request locale', async () => {
    const bad = 'WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nOops\n';
    expect((await upload({ file_name: 'bad.vtt', content: bad })).json()).toEqual({
      xcode: 400,
      msg: '第 3 行：时间轴格式不对，应为 00:00:01.000 --> 00:00:04.000',
      data: null,
    });
    expect((await upload({ file_name: 'bad.vtt', content: bad }, organiser, 'en')).json()).toEqual({
      xcode: 400,
      msg: 'Line 3: the timing line is not valid WebVTT (.vtt): 00:00:01.000 --> 00:00:04.000',
      data: null,
    });
    expect((await upload({ file_name: 'x.vtt', content: 'Hello' }, organiser, 'en')).json().msg).toBe(
      'Line 1: a WebVTT file must start with WEBVTT',
    );
    expect((await upload({ file_name: 'x.srt', content: '   \n' }, organiser, 'en')).json().msg).toBe(
      'The subtitle file is empty',
    );
    expect((await upload({ file_name: 'x.txt', content: SRT }, organiser, 'en')).json()).toMatchObject({
      xcode: 400,
    });
  });

  it('refuses viewers who are not the organiser staff, and recordings other organisations play', async () => {
    const viewer = await newViewer(app, 'viewer');
    expect((await upload({ file_name: 'a.srt', content: SRT }, viewer.token, 'en')).json()).toEqual({
      xcode: 403,
      msg: 'No permission to manage subtitles',
      data: null,
    });
    // The demo recording is also played by the chat organiser's events.
    expect(
      (await upload({ token: 'vod-e2e', file_name: 'a.srt', content: SRT }, organiser, 'en')).json(),
    ).toMatchObject({
      xcode: 403,
      msg: 'This recording is also played by another organiser’s event: it cannot take subtitles',
    });
    expect(
      (await upload({ token: 'demo', file_name: 'a.srt', content: SRT }, organiser, 'en')).json().xcode,
    ).toBe(403);
  });
});
