/**
 * Broadcasts: stream keys, the lifecycle on the test clock, and the RTMP ingest with a real ffmpeg publishing a test
 * pattern (refused with a wrong key and as a second publisher; on air, then a replay with its VOD playlists).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { BROADCAST_TEST_EVENT } from '../seed/broadcast';
import { liveWindow, vodPlaylist } from './hls';
import { eventOfStreamKey, rotateStreamKey, streamKeyOf } from './keys';
import { playlistPosition } from './llhls';
import { createLifecycle, type Recording } from './lifecycle';
import { ffmpegProblem } from './ingest';
import { publishTestPattern } from '../../scripts/test-pattern';

let clock = 1_800_000_000_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-broadcasts-'));
let app: Awaited<ReturnType<typeof buildServer>>;

beforeAll(async () => {
  app = await buildServer({
    databasePath: ':memory:',
    mode: 'test',
    now: () => clock,
    broadcast: {
      rtmpPort: ffmpegProblem('ffmpeg') ? null : 0,
      rtmpHost: '127.0.0.1',
      dataDir,
      graceMs: 2000,
    },
  });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const eventId = async (token: string) =>
  (await app.sql.selectFrom('events').select('id').where('token', '=', token).executeTakeFirstOrThrow()).id;
const eventRow = async (token: string) =>
  app.sql.selectFrom('events').selectAll().where('token', '=', token).executeTakeFirstOrThrow();

describe('stream keys', () => {
  it('are random per event, kept, and rotated on demand', async () => {
    const id = await eventId('vod');
    const key = await streamKeyOf(app.sql, id, clock);
    expect(key).toMatch(/^live_[A-Za-z0-9_-]{22}$/);
    expect(await streamKeyOf(app.sql, id, clock)).toBe(key);
    expect(await streamKeyOf(app.sql, await eventId('secret'), clock)).not.toBe(key);
    expect(await eventOfStreamKey(app.sql, key)).toEqual({ id, token: 'vod' });
    const rotated = await rotateStreamKey(app.sql, id, clock);
    expect(rotated).not.toBe(key);
    expect(await eventOfStreamKey(app.sql, key)).toBeUndefined();
    expect(await eventOfStreamKey(app.sql, rotated)).toEqual({ id, token: 'vod' });
    expect(await eventOfStreamKey(app.sql, '')).toBeUndefined();
    expect(await eventOfStreamKey(app.sql, "live_' OR 1=1 --")).toBeUndefined();
  });
});

describe('lifecycle', () => {
  const lines: unknown[] = [];
  const recordings: number[] = [];
  const lifecycle = () =>
    createLifecycle({
      sql: app.sql,
      now: () => clock,
      realtime: { publish: async (token, line) => void lines.push({ token, line }) },
      graceMs: 10_000,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      recording: async (id): Promise<Recording> => {
        recordings.push(id);
        return { stream: `bc-${id}`, durationS: 42 };
      },
    });

  it('goes upcoming -> live -> reconnecting -> live -> ended -> replay, the grace on the clock', async () => {
    const machine = lifecycle();
    const id = await eventId('chat-demo');
    const first = await machine.publish(id);
    expect(first).toMatchObject({ ok: true, resumed: false });
    if (!first.ok) return;
    // A second publisher while one is live is refused.
    expect(await machine.publish(id)).toEqual({ ok: false, why: 'busy' });
    await machine.onAir(first.broadcastId);
    expect(await eventRow('chat-demo')).toMatchObject({
      live_status: 1,
      live_stream: `bc-${first.broadcastId}`,
    });
    expect(lines.at(-1)).toEqual({ token: 'chat-demo', line: { kind: 'broadcast', state: 'live' } });

    const state = async () => (await machine.current(id))?.state;
    await machine.stopped(first.broadcastId, { how: 'dropped' });
    expect(await state()).toBe('reconnecting');
    expect(lines.at(-1)).toEqual({ token: 'chat-demo', line: { kind: 'broadcast', state: 'reconnecting' } });
    clock += 9_000;
    await machine.sweep();
    expect(await state()).toBe('reconnecting');
    expect((await eventRow('chat-demo')).live_status).toBe(1);
    // Back within the grace: the same broadcast.
    expect(await machine.publish(id)).toEqual({ ok: true, broadcastId: first.broadcastId, resumed: true });
    expect(await state()).toBe('live');

    await machine.stopped(first.broadcastId, { how: 'dropped' });
    clock += 10_000;
    await machine.sweep();
    const ended = await eventRow('chat-demo');
    expect(ended).toMatchObject({
      live_status: 2,
      live_stream: '',
      replay_stream: `bc-${first.broadcastId}`,
    });
    expect(await state()).toBeUndefined();
    expect(recordings).toEqual([first.broadcastId]);
    expect(lines.slice(-2).map((entry) => (entry as { line: { state: string } }).line.state)).toEqual([
      'ended',
      'replay',
    ]);
    const episode = await app.sql
      .selectFrom('episodes')
      .selectAll()
      .where('event_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(episode).toMatchObject({ stream: `bc-${first.broadcastId}`, duration_s: 42 });
    expect(episode.title).toMatch(/^直播回放 \d{4}-\d\d-\d\d \d\d:\d\d$/);
    // The detail the room reads says so.
    const detail = (await app.inject({ url: '/v3/api/video/detail?token=chat-demo' })).json();
    expect(detail.data).toMatchObject({ live_status: 2, live_url: '', episode_count: 1 });
    expect(detail.data.replay_url).toMatch(
      new RegExp(`^/streams/vod/bc-${first.broadcastId}/master.m3u8\\?exp=`),
    );
  });

  it('marks a broadcast stopped by an error interrupted, and one that never went on air leaves the event alone', async () => {
    const machine = lifecycle();
    const id = await eventId('info');
    const before = await eventRow('info');
    const refused = await machine.publish(id);
    if (!refused.ok) throw new Error('refused');
    await machine.stopped(refused.broadcastId, { how: 'failed', reason: 'unsupported codec' });
    expect(await eventRow('info')).toMatchObject({
      live_status: before.live_status,
      live_stream: before.live_stream,
    });

    const next = await machine.publish(id);
    if (!next.ok) throw new Error('refused');
    await machine.onAir(next.broadcastId);
    await machine.stopped(next.broadcastId, { how: 'failed', reason: 'disk full' });
    const row = await app.sql
      .selectFrom('broadcasts')
      .selectAll()
      .where('id', '=', next.broadcastId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'replay', reason: 'disk full' });
    expect(lines.some((entry) => JSON.stringify(entry).includes('"interrupted"'))).toBe(true);
  });
});

describe('playlists', () => {
  const event = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:1',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-DISCONTINUITY',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...[0, 1, 2, 3].flatMap((i) => ['#EXTINF:1.000000,', `s0000${i}.ts`]),
    '#EXT-X-DISCONTINUITY',
    ...[4, 5, 6, 7].flatMap((i) => ['#EXTINF:1.000000,', `s0000${i}.ts`]),
    '#EXT-X-ENDLIST',
  ].join('\n');

  it('serves the live window: the last segments, their sequences, no end', () => {
    const text = liveWindow(event, 3);
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:5');
    expect(text).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1');
    expect(text).not.toContain('#EXT-X-ENDLIST');
    expect(text).not.toContain('PLAYLIST-TYPE');
    expect(text.match(/\.ts/g)).toHaveLength(3);
    expect(liveWindow(event, 5)).toMatch(
      /#EXT-X-DISCONTINUITY-SEQUENCE:0[\s\S]*s00003\.ts\n#EXT-X-DISCONTINUITY\n/,
    );
  });

  it('makes the replay a VOD playlist with every segment and its end', () => {
    const text = vodPlaylist(event);
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(text.match(/\.ts/g)).toHaveLength(8);
  });
});

const publish = (url: string, seconds: number) => publishTestPattern(url, { seconds });

const until = async (check: () => Promise<boolean>, ms: number) => {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.skipIf(ffmpegProblem('ffmpeg') !== null)('RTMP ingest', () => {
  it('closes a connection that sends garbage, and refuses video other than H.264, leaving the event as it was', async () => {
    const port = app.broadcasts.rtmpPort() ?? 0;
    const closed = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(crypto.randomBytes(64 * 1024)));
      socket.resume();
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(true));
      setTimeout(() => resolve(false), 10_000).unref();
    });
    expect(closed).toBe(true);

    const id = await eventId('vod-e2e');
    const before = await eventRow('vod-e2e');
    const key = await streamKeyOf(app.sql, id, clock);
    const code = await publishTestPattern(`rtmp://127.0.0.1:${port}/live/${key}`, {
      seconds: 5,
      size: '320x240',
      video: 'flv1',
    }).exited;
    expect(code).not.toBe(0);
    const after = await eventRow('vod-e2e');
    expect(after).toMatchObject({ live_status: before.live_status, live_stream: before.live_stream });
    const broadcasts = await app.sql
      .selectFrom('broadcasts')
      .selectAll()
      .where('event_id', '=', id)
      .execute();
    expect(broadcasts).toMatchObject([{ state: 'interrupted', reason: 'unsupported codec' }]);
    // The server still takes publishers.
    expect(app.broadcasts.rtmpPort()).toBe(port);
  }, 30_000);

  it('refuses a wrong key, takes the right one, refuses a second publisher, and ends in a replay', async () => {
    const port = app.broadcasts.rtmpPort();
    expect(port).toBeGreaterThan(0);
    const id = await eventId(BROADCAST_TEST_EVENT);
    const key = await streamKeyOf(app.sql, id, clock);
    const wrong = publish(`rtmp://127.0.0.1:${port}/live/live_${'x'.repeat(22)}`, 2);
    expect(await wrong.exited).not.toBe(0);

    const publisher = publish(`rtmp://127.0.0.1:${port}/live/${key}`, 30);
    await until(async () => (await eventRow(BROADCAST_TEST_EVENT)).live_status === 1, 15_000);
    const live = await eventRow(BROADCAST_TEST_EVENT);
    expect(live.live_stream).toMatch(/^bc-\d+$/);
    const second = publish(`rtmp://127.0.0.1:${port}/live/${key}`, 2);
    expect(await second.exited).not.toBe(0);

    // The room's live URL serves the master and a live window through the signed routes.
    const detail = (await app.inject({ url: `/v3/api/video/detail?token=${BROADCAST_TEST_EVENT}` })).json();
    expect(detail.data).toMatchObject({ live_status: 1 });
    const master = await app.inject({ url: detail.data.live_url });
    expect(master.statusCode).toBe(200);
    expect(master.body).toMatch(/source\/index\.m3u8\?exp=/);
    expect(master.body).toMatch(/360p\/index\.m3u8\?exp=/);
    const rendition = master.body.split('\n').find((line) => line.startsWith('source/')) ?? '';
    const base = detail.data.live_url.split('?')[0].replace(/master\.m3u8$/, '');
    const signature = detail.data.live_url.split('?')[1];
    const media = await app.inject({ url: base + rendition });
    expect(media.body).toMatch(/#EXT-X-MEDIA-SEQUENCE:\d+/);
    expect(media.body).not.toContain('ENDLIST');
    const segment = media.body.split('\n').find((line) => line.startsWith('s')) ?? '';
    expect((await app.inject({ url: `${base}source/${segment}` })).statusCode).toBe(200);
    expect((await app.inject({ url: `${base}source/index.m3u8` })).statusCode).toBe(403);

    // Low latency (on by default): every rendition lists parts, the hint of the next, and takes blocking reloads.
    for (const rung of ['source', '360p']) {
      const text = (await app.inject({ url: `${base}${rung}/index.m3u8?${signature}` })).body;
      expect(text).toMatch(/#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1\.\d{3}/);
      expect(text).toMatch(/#EXT-X-PART-INF:PART-TARGET=0\.3\d\d/);
      expect(text).toMatch(
        /#EXT-X-PART:DURATION=0\.3\d\d,URI="p\d{6}\.ts\?exp=\d+&sig=[\w-]+",INDEPENDENT=YES/,
      );
      expect(text).toMatch(/#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p\d{6}\.ts\?exp=/);
      expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:');
      // Keyframes start parts (a second apart): one-second segments of whole parts, each independent.
      expect(text).toContain('#EXT-X-TARGETDURATION:1\n');
      expect(text).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
      expect(text.match(/INDEPENDENT=YES/g)?.length).toBeGreaterThanOrEqual(2);
    }
    const position = playlistPosition(media.body);
    // The segment after the last listed one, asked for with a blocking reload: held until ffmpeg has cut it.
    const asked = performance.now();
    const reload = await app.inject({
      url: `${base}source/index.m3u8?${signature}&_HLS_msn=${position.lastSegment + 1}&_HLS_part=0`,
    });
    expect(reload.statusCode).toBe(200);
    const after = playlistPosition(reload.body);
    expect(after.lastSegment >= position.lastSegment + 1 || after.openParts > 0).toBe(true);
    expect(after.lastSegment).toBeGreaterThanOrEqual(position.lastSegment);
    expect(performance.now() - asked).toBeLessThan(3500);
    // The hinted part, asked for before it exists: served once ffmpeg has written it, a transport stream.
    const hinted = await app.inject({
      url: `${base}source/${(after.hint ?? '').split('?')[0]}?${signature}`,
    });
    expect(hinted.statusCode).toBe(200);
    expect(hinted.rawPayload[0]).toBe(0x47);
    // A whole segment whose parts are listed is exactly its parts' bytes.
    const listed = (await app.inject({ url: `${base}source/index.m3u8?${signature}` })).body.split('\n');
    const last = listed.findLastIndex((line) => /^s\d+\.ts/.test(line));
    let first = last - 1;
    while (listed[first - 1]?.startsWith('#EXT-X-PART:')) first -= 1;
    const partUris = listed
      .slice(first, last)
      .map((line) => /URI="([^"?]+)/.exec(line)?.[1])
      .filter(Boolean);
    expect(partUris.length).toBeGreaterThanOrEqual(2);
    const bytes = async (file: string) =>
      (await app.inject({ url: `${base}source/${file}?${signature}` })).rawPayload;
    const segmentFile = listed[last]?.split('?')[0] ?? '';
    expect(await bytes(segmentFile)).toEqual(
      Buffer.concat(await Promise.all(partUris.map((uri) => bytes(uri ?? '')))),
    );

    // The encoder stops (it says so: no grace): ended, then the replay.
    publisher.stop();
    await publisher.exited;
    await until(async () => (await eventRow(BROADCAST_TEST_EVENT)).replay_stream !== '', 15_000);
    const ended = await eventRow(BROADCAST_TEST_EVENT);
    expect(ended).toMatchObject({ live_status: 2, replay_stream: live.live_stream });
    const vod = fs.readFileSync(path.join(dataDir, live.live_stream, 'source', 'index.m3u8'), 'utf8');
    expect(vod).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    const left = fs.readdirSync(path.join(dataDir, live.live_stream, 'source'));
    expect(left.some((f) => f.endsWith('.tmp'))).toBe(false);
    // The replay is the segments: low latency's parts and live playlists are gone.
    expect(left.filter((f) => !/^s\d{5}\.ts$/.test(f))).toEqual(['index.m3u8']);
    expect(vod.match(/^s\d{5}\.ts$/gm)?.length).toBe(left.length - 1);
  }, 60_000);

  it('continues a low-latency broadcast after the publisher reconnects: a discontinuity, the part numbers going on', async () => {
    const port = app.broadcasts.rtmpPort();
    const id = await eventId('phone-e2e');
    const key = await streamKeyOf(app.sql, id, clock);
    const first = publish(`rtmp://127.0.0.1:${port}/live/${key}`, 30);
    await until(async () => (await eventRow('phone-e2e')).live_stream.startsWith('bc-'), 15_000);
    const stream = (await eventRow('phone-e2e')).live_stream;
    const live = path.join(dataDir, stream, 'source', 'live.m3u8');
    const parts = () =>
      [...fs.readFileSync(live, 'utf8').matchAll(/URI="p(\d+)\.ts"/g)].map((m) => Number(m[1]));
    // The encoder's network drops (within the grace: the same broadcast goes on).
    first.kill();
    await until(async () => !fs.readFileSync(live, 'utf8').includes('CAN-BLOCK-RELOAD'), 10_000);
    const before = Math.max(...parts());
    const second = publish(`rtmp://127.0.0.1:${port}/live/${key}`, 30);
    try {
      await until(async () => Math.max(...parts()) > before + 4, 15_000);
      const text = fs.readFileSync(live, 'utf8');
      expect(text).toContain('CAN-BLOCK-RELOAD=YES');
      // The parts after the drop follow the last one listed (a part the dropped encoder left unfinished is not listed,
      // so its number may be skipped), the first of them independent, after a discontinuity.
      const resumed =
        /#EXT-X-DISCONTINUITY\n(?:#EXT-X-PROGRAM-DATE-TIME:[^\n]+\n)?#EXT-X-PART:[^\n]+URI="p(\d+)\.ts",INDEPENDENT=YES/.exec(
          text,
        );
      expect(resumed, text).not.toBeNull();
      expect(Number(resumed?.[1])).toBeGreaterThan(before);
      expect(Number(resumed?.[1])).toBeLessThanOrEqual(before + 2);
      expect((await eventRow('phone-e2e')).live_stream).toBe(stream);
    } finally {
      second.stop();
      await second.exited;
    }
    await until(async () => (await eventRow('phone-e2e')).replay_stream === stream, 15_000);
    const vod = fs.readFileSync(path.join(dataDir, stream, 'source', 'index.m3u8'), 'utf8');
    expect(vod).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(1);
  }, 90_000);
});
