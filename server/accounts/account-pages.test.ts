import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../app';

let clock = 1_800_000_000_000;
let app: Awaited<ReturnType<typeof buildServer>>;
beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
});
afterAll(() => app.close());

let serial = 0;
let ip = '10.1.0.1';
beforeEach(() => {
  serial += 1;
  ip = `10.1.${Math.floor(serial / 250)}.${(serial % 250) + 1}`;
});
const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  (
    await app.inject({
      method,
      url,
      payload,
      remoteAddress: ip,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  ).json();
const newViewer = async (name: string) =>
  (await call('POST', '/v3/api/email_anonymous_login', undefined, { email: `${name}-${serial}@pages.test` }))
    .data.token as string;

describe('favourites', () => {
  it('saves once, lists newest first, removes; needs login; unknown targets are 404', async () => {
    const token = await newViewer('fav');
    expect((await call('GET', '/v3/api/user/collect/list?kind=video')).xcode).toBe(401);
    const saves = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/v3/api/user/collect/save', token, { kind: 'video', target: 'demo' }),
      ),
    );
    expect(saves.every((answer) => answer.xcode === 200)).toBe(true);
    await call('POST', '/v3/api/user/collect/save', token, { kind: 'player', target: '1:1' });
    clock += 1000;
    await call('POST', '/v3/api/user/collect/save', token, { kind: 'video', target: 'vod' });
    const list = await call('GET', '/v3/api/user/collect/list?kind=video', token);
    expect(list.data).toMatchObject({ total: 2, has_more: false });
    expect(list.data.list.map((item: { target: string }) => item.target)).toEqual(['vod', 'demo']);
    expect((await call('GET', '/v3/api/user/collect/status?kind=video&target=demo', token)).data.saved).toBe(
      true,
    );
    await call('POST', '/v3/api/user/collect/remove', token, { kind: 'video', target: 'demo' });
    await call('POST', '/v3/api/user/collect/remove', token, { kind: 'video', target: 'demo' });
    expect((await call('GET', '/v3/api/user/collect/status?kind=video&target=demo', token)).data.saved).toBe(
      false,
    );
    expect(
      (await call('POST', '/v3/api/user/collect/save', token, { kind: 'video', target: 'nope' })).xcode,
    ).toBe(404);
    expect(
      (await call('POST', '/v3/api/user/collect/save', token, { kind: 'player', target: '1:99999' })).xcode,
    ).toBe(404);
  });
});

describe('complaints', () => {
  it('lists reasons in the request locale', async () => {
    const en = await call('GET', '/v2/api/complain/reasons?locale=en');
    expect(en.data.reasons[0]).toEqual({ key: 'porn', label: 'Pornographic or vulgar' });
    expect((await call('GET', '/v2/api/complain/reasons')).data.reasons[0].label).toBe('色情低俗');
  });

  it('files one complaint per target per viewer per day, even when sent many times at once', async () => {
    const token = await newViewer('complain');
    const body = {
      token: 'demo',
      target_kind: 'video',
      target: 'demo',
      reason: 'fraud',
      images: ['/uploads/a.jpg'],
    };
    expect((await call('POST', '/v2/api/complain', undefined, body)).xcode).toBe(401);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/v2/api/complain', token, body)),
    );
    expect(answers.filter((answer) => answer.xcode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.xcode === 429)).toHaveLength(7);
    clock += 86_400_000;
    expect((await call('POST', '/v2/api/complain', token, body)).xcode).toBe(200);
  });

  it('refuses unknown targets and reasons, and image links that are not addresses', async () => {
    const token = await newViewer('complain-bad');
    const base = { token: 'demo', target_kind: 'player', target: '1:1', reason: 'other' };
    expect((await call('POST', '/v2/api/complain', token, { ...base, target: '1:99999' })).xcode).toBe(404);
    expect((await call('POST', '/v2/api/complain', token, { ...base, reason: 'made-up' })).xcode).toBe(400);
    expect(
      (await call('POST', '/v2/api/complain', token, { ...base, images: ['javascript:alert(1)'] })).xcode,
    ).toBe(400);
    expect(
      (await call('POST', '/v2/api/complain', token, { ...base, images: Array(7).fill('/a.jpg') })).xcode,
    ).toBe(400);
  });
});

describe('VIP', () => {
  it('lists plans in the request locale with the membership of the viewer', async () => {
    const plans = await call('GET', '/v3/api/vip/plans?locale=en');
    expect(plans.data.plans[0]).toMatchObject({ name: 'Monthly', price_cents: 1800, days: 30 });
    expect(plans.data.expires_at).toBe(0);
    const screens = await call('GET', '/v3/api/vip/plans', 'account-screens-7401');
    expect(screens.data.expires_at).toBeGreaterThan(clock);
  });
});
