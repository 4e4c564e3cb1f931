/**
 * The console's Live section against the real RTMP ingest (ffmpeg publishes a test pattern): the push URL and key go
 * to event_edit roles only, a rotated key is refused at the ingest while the new one goes live, the state follows
 * the publisher, and ending drops it (the replay follows). Other organisations' staff are refused in
 * server/security/organisations.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishTestPattern } from '../../scripts/test-pattern';
import { ffmpegProblem } from '../broadcast/ingest';
import { txSecret, txTime, type TencentCssSettings } from '../broadcast/tencent-css';
import { createOrganisation, setMember } from '../organisations/members.ts';
import { call, newViewer, testServer, type App } from '../security/test-helpers.ts';

const noFfmpeg = ffmpegProblem('ffmpeg');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-console-live-'));
let app: App;
let owner: string;
let dataViewer: string;
let operator: string;
let outsider: string;
let eventId: number;

beforeAll(async () => {
  app = await testServer({
    broadcast: { rtmpPort: noFfmpeg ? null : 0, rtmpHost: '127.0.0.1', dataDir, graceMs: 60_000 },
  });
  const made = await newViewer(app, 'live-owner');
  owner = made.token;
  const organisation = await createOrganisation(app.sql, {
    name: '直播测试',
    ownerId: made.userId,
    now: app.now(),
  });
  const viewer = await newViewer(app, 'live-data');
  await setMember(app.sql, organisation, viewer.userId, 'data_viewer', app.now());
  dataViewer = viewer.token;
  const staff = await newViewer(app, 'live-operator');
  await setMember(app.sql, organisation, staff.userId, 'operator', app.now());
  operator = staff.token;
  const other = await newViewer(app, 'live-outsider');
  await createOrganisation(app.sql, { name: '别家', ownerId: other.userId, now: app.now() });
  outsider = other.token;
  const created = await call(app, {
    method: 'POST',
    url: '/v3/api/console/event/create',
    payload: { organisation_id: organisation, event: { title: '推流', start_time: 1_900_000_000 } },
    token: owner,
  });
  eventId = created.json().data.id;
}, 60_000);
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const live = (token = owner) =>
  call(app, { method: 'GET', url: `/v3/api/console/live?id=${eventId}&locale=en`, token }).then((r) =>
    r.json(),
  );
const post = (url: string, token = owner) =>
  call(app, { method: 'POST', url: `${url}?locale=en`, payload: { id: eventId }, token }).then((r) =>
    r.json(),
  );

describe.skipIf(noFfmpeg)('the console Live section', { timeout: 120_000 }, () => {
  it('shows the push URL and key to owners and operators only', async () => {
    const answer = await live();
    expect(answer.xcode).toBe(200);
    const port = app.broadcasts.rtmpPort();
    expect(answer.data).toMatchObject({
      event_id: eventId,
      ingest: 'rtmp',
      rotatable: true,
      state: 'idle',
      broadcast_id: null,
      preview_url: '',
      may_end: false,
    });
    // The host viewers reach the server by (PUBLIC_ORIGIN's), the port the ingest took.
    expect(answer.data.push_server).toBe(`rtmp://localhost:${port}/live`);
    expect(answer.data.stream_key).toMatch(/^live_[A-Za-z0-9_-]{22}$/);
    expect(answer.data.push_url).toBe(`${answer.data.push_server}/${answer.data.stream_key}`);
    expect((await live(operator)).data.stream_key).toBe(answer.data.stream_key);
    for (const token of [dataViewer, outsider]) {
      const refused = await live(token);
      expect(refused).toEqual({
        xcode: 403,
        msg: "No permission to edit this organiser's events",
        data: null,
      });
      expect(JSON.stringify(refused)).not.toContain(answer.data.stream_key);
      expect((await post('/v3/api/console/live/rotate-key', token)).xcode).toBe(403);
      expect((await post('/v3/api/console/live/end', token)).xcode).toBe(403);
    }
    expect((await live('')).xcode).toBe(401);
    expect(await post('/v3/api/console/live/end')).toEqual({
      xcode: 400,
      msg: 'Nothing is being broadcast',
      data: null,
    });
  });

  it('refuses the old key at the ingest once rotated, goes live with the new one, and ends it', async () => {
    const before = (await live()).data;
    const rotated = (await post('/v3/api/console/live/rotate-key')).data;
    expect(rotated.stream_key).toMatch(/^live_[A-Za-z0-9_-]{22}$/);
    expect(rotated.stream_key).not.toBe(before.stream_key);
    expect((await live()).data.stream_key).toBe(rotated.stream_key);

    // The old key's connection is closed by the ingest: ffmpeg fails, and nothing starts.
    const old = publishTestPattern(before.push_url, { seconds: 3 });
    expect(await old.exited).not.toBe(0);
    expect((await live()).data.state).toBe('idle');

    const publisher = publishTestPattern(rotated.push_url, { seconds: 60 });
    try {
      await expect
        .poll(async () => (await live()).data.state, { timeout: 20_000, interval: 200 })
        .toBe('live');
      const onAir = (await live()).data;
      expect(onAir.may_end).toBe(true);
      expect(onAir.preview_url).toMatch(
        new RegExp(`^/streams/live/bc-${onAir.broadcast_id}/master\\.m3u8\\?exp=\\d+&sig=`),
      );
      const playlist = await app.inject({ method: 'GET', url: onAir.preview_url });
      expect(playlist.statusCode).toBe(200);
      expect(playlist.body).toContain('#EXTM3U');

      const ended = await post('/v3/api/console/live/end');
      expect(ended.xcode).toBe(200);
      expect(ended.data).toMatchObject({ state: 'ended', may_end: false, preview_url: '' });
      // The encoder was dropped: ffmpeg ends with an error before its 60 s.
      expect(await publisher.exited).not.toBe(0);
      const event = await app.sql
        .selectFrom('events')
        .select(['live_status', 'replay_stream'])
        .where('id', '=', eventId)
        .executeTakeFirstOrThrow();
      expect(event).toEqual({ live_status: 2, replay_stream: `bc-${onAir.broadcast_id}` });
    } finally {
      publisher.kill();
    }
  });
});

/** An owner and an event of a new organisation on `server`. */
async function ownEvent(server: App): Promise<{ token: string; id: number }> {
  const made = await newViewer(server, 'other-owner');
  const organisation = await createOrganisation(server.sql, {
    name: '另一家',
    ownerId: made.userId,
    now: server.now(),
  });
  const created = await call(server, {
    method: 'POST',
    url: '/v3/api/console/event/create',
    payload: { organisation_id: organisation, event: { title: '云直播', start_time: 1_900_000_000 } },
    token: made.token,
  });
  return { token: made.token, id: created.json().data.id };
}

describe('the console Live section without this ingest', { timeout: 60_000 }, () => {
  it("gives the cloud service's signed push URL, which has no key to rotate", async () => {
    const clock = 1_800_000_000_000;
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
    const server = await testServer({ now: () => clock, broadcast: { rtmpPort: null, cloud } });
    try {
      const { token, id } = await ownEvent(server);
      const answer = await call(server, { method: 'GET', url: `/v3/api/console/live?id=${id}`, token });
      const time = txTime(clock + cloud.pushValidMs);
      const key = `lv${id}?txSecret=${txSecret('push-key', `lv${id}`, time)}&txTime=${time}`;
      expect(answer.json().data).toMatchObject({
        ingest: 'cloud',
        push_server: 'rtmp://push.example.test/live/',
        stream_key: key,
        push_url: `rtmp://push.example.test/live/${key}`,
        rotatable: false,
        state: 'idle',
      });
      const rotate = await call(server, {
        method: 'POST',
        url: '/v3/api/console/live/rotate-key?locale=en',
        payload: { id },
        token,
      });
      expect(rotate.json()).toEqual({
        xcode: 400,
        msg: "A cloud push URL is signed with the service's key: there is no stream key to rotate",
        data: null,
      });
    } finally {
      await server.close();
    }
  });

  it('says the ingest is off and gives no key when no RTMP port is set', async () => {
    const server = await testServer({ broadcast: { rtmpPort: null } });
    try {
      const { token, id } = await ownEvent(server);
      const answer = await call(server, { method: 'GET', url: `/v3/api/console/live?id=${id}`, token });
      expect(answer.json().data).toMatchObject({
        ingest: 'off',
        push_server: '',
        stream_key: '',
        push_url: '',
        rotatable: false,
      });
    } finally {
      await server.close();
    }
  });
});
