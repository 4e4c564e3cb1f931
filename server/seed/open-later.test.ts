/**
 * The demo a year and five years from now: a fresh `npm start` then still shows a live demo event with a playable
 * stream, an open contest that takes votes, and an open lottery that draws. The server is built with its clock moved
 * ahead, as it would run on that day; nothing here reads the real date but to move from it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { startSession } from '../accounts/sessions.ts';
import { systemClock } from '../clock.ts';

type App = Awaited<ReturnType<typeof buildServer>>;
const DAY_MS = 86_400_000;
const opened: App[] = [];
afterAll(async () => {
  await Promise.all(opened.map((app) => app.close()));
});

describe.each([
  ['a year', 365],
  ['five years', 5 * 365],
])('the demo %s from now', (_label, days) => {
  const later = systemClock() + days * DAY_MS;
  let app: App;
  let auth: { authorization: string };
  const get = async (url: string, headers = {}) => (await app.inject({ url, headers })).json();

  it('starts with the demo data', async () => {
    app = await buildServer({ databasePath: ':memory:', now: () => later, streamSecret: 'later' });
    opened.push(app);
    const viewer = 7301;
    await app.sql
      .insertInto('users')
      .values({ id: viewer, nickname: '来年观众', created_at: later })
      .execute();
    auth = { authorization: `Bearer ${await startSession(app.sql, viewer, later)}` };
  });

  it('shows the demo event live, with a stream that plays', async () => {
    const { data } = await get('/v3/api/video/detail?token=demo');
    expect(data).toMatchObject({ live_status: 1 });
    expect(data.live_url).toMatch(/\.m3u8\?/);
    const fetchText = async (url: string) => {
      const answer = await app.inject({ url: url.replace(/^https?:\/\/[^/]+/, '') });
      expect(answer.statusCode).toBe(200);
      return answer.body;
    };
    // The master playlist names its renditions; the first one's window holds segments of the clock's moment.
    const master = await fetchText(data.live_url);
    const rendition = master.split('\n').find((line) => line && !line.startsWith('#'));
    expect(rendition).toBeDefined();
    const media = await fetchText(new URL(rendition ?? '', new URL(data.live_url, 'http://x')).href);
    expect(media).toContain('#EXTINF');
  });

  it('keeps the demo contest open and takes a vote', async () => {
    const contest = await get('/v3/api/vote/detail?vote_id=1', auth);
    expect(contest.data).toMatchObject({ status: 1, now: Math.floor(later / 1000) });
    const players = await get('/v3/api/vote/list?vote_id=1&page=1', auth);
    const player = players.data.list[0];
    const vote = await app.inject({
      method: 'POST',
      url: '/v3/api/vote/user/vote',
      headers: auth,
      payload: { vote_id: 1, player_id: player.id, idempotency_key: `later-${days}` },
    });
    expect(vote.json()).toMatchObject({ xcode: 200 });
  });

  it('keeps the demo lottery open and draws', async () => {
    const lottery = await get('/v3/api/lottery/detail?lottery_id=1', auth);
    expect(lottery.data).toMatchObject({ status: 'open' });
    const draw = await get('/v3/api/lottery/draw?lottery_id=1', auth);
    expect(draw).toMatchObject({ xcode: 200 });
  });
});
