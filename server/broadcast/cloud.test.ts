/**
 * Broadcasts carried by Tencent Cloud CSS: the service's callbacks (written by its emulator) drive the lifecycle, the
 * stream routes send players on to its signed play URL and to the recording, and forged or replayed callbacks change
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { CLOUD_BROADCAST_TEST_EVENT } from '../seed/broadcast';
import { cspDirectives } from '../security/headers';
import { signStreamUrl } from '../streams/sign';
import { CSS_CALLBACK_PATH } from './cloud-routes';
import { cssCallbackBody, type CssNotification } from './tencent-css-emulator';
import { txSecret, txTime, type TencentCssSettings } from './tencent-css';

const cloud: TencentCssSettings = {
  pushDomain: 'push.example.test',
  pushKey: 'push-key',
  playDomain: 'play.example.test',
  playKey: 'play-key',
  callbackKey: 'callback-key',
  vodDomain: 'vod.example.test',
  appName: 'live',
  pushValidMs: 24 * 3600_000,
};
let clock = 1_800_000_000_000;
let app: Awaited<ReturnType<typeof buildServer>>;
let eventId = 0;
let streamName = '';

beforeAll(async () => {
  app = await buildServer({
    databasePath: ':memory:',
    mode: 'test',
    now: () => clock,
    broadcast: { rtmpPort: null, graceMs: 2000, cloud },
  });
  const event = await app.sql
    .selectFrom('events')
    .select('id')
    .where('token', '=', CLOUD_BROADCAST_TEST_EVENT)
    .executeTakeFirstOrThrow();
  eventId = event.id;
  streamName = `lv${eventId}`;
});
afterAll(() => app.close());

const notify = (notification: CssNotification, body = cssCallbackBody(cloud, notification, clock)) =>
  app.inject({ method: 'POST', url: CSS_CALLBACK_PATH, payload: body });
const event = () =>
  app.sql.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirstOrThrow();
const latest = () =>
  app.sql
    .selectFrom('broadcasts')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const fetchStream = (url: string) =>
  app.inject({ method: 'GET', url: signStreamUrl(app.services.streams, url) });

describe('a broadcast on Tencent Cloud CSS', () => {
  it('goes live on the stream-began callback, and the room is sent on to the signed play URL', async () => {
    const answer = await notify({ kind: 'began', streamName });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ code: 0 });
    const broadcast = await latest();
    expect(broadcast).toMatchObject({ state: 'live', source: 'cloud' });
    expect(await event()).toMatchObject({ live_status: 1, live_stream: `cloud-${broadcast.id}` });

    const master = await fetchStream(`/streams/live/cloud-${broadcast.id}/master.m3u8`);
    expect(master.statusCode).toBe(302);
    const location = new URL(master.headers.location as string);
    expect(location.origin + location.pathname).toBe(`https://play.example.test/live/${streamName}.m3u8`);
    const time = location.searchParams.get('txTime') ?? '';
    expect(location.searchParams.get('txSecret')).toBe(txSecret('play-key', streamName, time));
    expect(parseInt(time, 16) * 1000).toBeGreaterThan(clock);
    // Unsigned, the route refuses as every stream route does (the access gates hold).
    const unsigned = await app.inject({
      method: 'GET',
      url: `/streams/live/cloud-${broadcast.id}/master.m3u8`,
    });
    expect(unsigned.statusCode).toBe(403);
  });

  it('refuses forged, replayed and foreign callbacks, and changes nothing', async () => {
    const before = await latest();
    const forged = cssCallbackBody({ ...cloud, callbackKey: 'guess' }, { kind: 'ended', streamName }, clock);
    expect((await notify({ kind: 'ended', streamName }, forged)).statusCode).toBe(401);
    const old = cssCallbackBody(cloud, { kind: 'ended', streamName }, clock - 11 * 60_000);
    expect((await notify({ kind: 'ended', streamName }, old)).statusCode).toBe(401);
    expect((await notify({ kind: 'ended', streamName: 'lv999999' })).statusCode).toBe(400);
    expect(await latest()).toEqual(before);
  });

  it('waits for a dropped stream the reconnect grace, then ends it; the recording becomes the replay', async () => {
    await notify({ kind: 'ended', streamName });
    const broadcast = await latest();
    expect(broadcast.state).toBe('reconnecting');
    clock += 2500;
    await app.broadcasts.lifecycle.sweep();
    expect((await latest()).state).toBe('ended');
    expect(await event()).toMatchObject({ live_status: 2, live_stream: '' });

    const url = `https://vod.example.test/recordings/${streamName}.m3u8`;
    const answer = await notify({ kind: 'recording', streamName, url, format: 'hls', durationS: 95 });
    expect(answer.json()).toEqual({ code: 0 });
    const replay = await latest();
    expect(replay).toMatchObject({ state: 'replay', recording_url: url });
    const episode = await app.sql
      .selectFrom('episodes')
      .selectAll()
      .where('id', '=', replay.episode_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(episode).toMatchObject({ event_id: eventId, stream: `cloud-${replay.id}`, duration_s: 95 });
    expect(await event()).toMatchObject({ replay_stream: `cloud-${replay.id}` });
    const master = await fetchStream(`/streams/vod/cloud-${replay.id}/master.m3u8`);
    expect(master.statusCode).toBe(302);
    expect(master.headers.location).toBe(url);
    // Its live URL is gone with the broadcast.
    expect((await fetchStream(`/streams/live/cloud-${replay.id}/master.m3u8`)).statusCode).toBe(404);
  });

  it('ends a broadcast still in its grace when the recording arrives, and takes a recording only from the VOD domain', async () => {
    await notify({ kind: 'began', streamName });
    await notify({ kind: 'ended', streamName });
    expect((await latest()).state).toBe('reconnecting');
    const elsewhere = await notify({
      kind: 'recording',
      streamName,
      url: 'https://elsewhere.test/x.m3u8',
      format: 'hls',
      durationS: 5,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect((await latest()).state).toBe('reconnecting');
    const url = `https://vod.example.test/recordings/${streamName}-2.m3u8`;
    await notify({ kind: 'recording', streamName, url, format: 'hls', durationS: 30 });
    expect(await latest()).toMatchObject({ state: 'replay', recording_url: url });
  });

  it("lets players fetch from the service's play and VOD domains (the page's Content-Security-Policy)", () => {
    const directives = cspDirectives([], {
      publicOrigin: 'https://live.example.test',
      streamOrigins: ['https://play.example.test', 'https://vod.example.test'],
    });
    expect(directives.connectSrc).toEqual(
      expect.arrayContaining(['https://play.example.test', 'https://vod.example.test']),
    );
    expect(txTime(0)).toBe('0');
  });
});
