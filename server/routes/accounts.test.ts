import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';

let clock = 1_800_000_000_000;
let app: Awaited<ReturnType<typeof buildServer>>;

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
});
afterAll(() => app.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

async function codeFor(phone: string, type: 'login' | 'bind' = 'login'): Promise<string> {
  const sent = (await post(`/v3/api/phone/sms/${type}`, { phone })).json();
  expect(sent).toMatchObject({ xcode: 200, data: { resend_after: 60 } });
  return (await app.inject({ url: `/dev/sms/last?phone=${phone}` })).json().data.code;
}

async function login(phone: string): Promise<string> {
  const code = await codeFor(phone);
  const { xcode, data } = (await post('/v3/api/login/phone/sms', { phone, code })).json();
  expect(xcode).toBe(200);
  return data.token;
}

describe('phone code login', () => {
  it('sends a code and logs in with it; the code works once', async () => {
    const code = await codeFor('13911112222');
    const first = (await post('/v3/api/login/phone/sms', { phone: '13911112222', code })).json();
    expect(first).toMatchObject({
      xcode: 200,
      data: { token: expect.any(String), user_id: expect.any(Number) },
    });
    expect((await post('/v3/api/sms_login', { phone: '13911112222', code })).json().xcode).toBe(400);
  });

  it('refuses a second code within 60 s, allows it after', async () => {
    await codeFor('13922223333');
    const again = (await post('/v3/api/phone/sms/login', { phone: '13922223333' })).json();
    expect(again).toMatchObject({ xcode: 429, msg: expect.stringContaining('wait') });
    clock += 61_000;
    expect((await post('/v3/api/phone/sms/login', { phone: '13922223333' })).json().xcode).toBe(200);
  });

  it('burns a code after five wrong tries', async () => {
    const code = await codeFor('13933334444');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/v3/api/login/phone/sms', { phone: '13933334444', code: wrong })).json().xcode,
      ).toBe(400);
    expect((await post('/v3/api/login/phone/sms', { phone: '13933334444', code })).json()).toMatchObject({
      xcode: 429,
    });
  });

  it('expires codes after 5 minutes', async () => {
    clock += 61_000;
    const code = await codeFor('13944445555');
    clock += 5 * 60_000 + 1;
    expect((await post('/v3/api/login/phone/sms', { phone: '13944445555', code })).json().msg).toContain(
      'expired',
    );
  });

  it('validates the phone number and the body type', async () => {
    expect((await post('/v3/api/phone/sms/login', { phone: '12345' })).json()).toMatchObject({
      xcode: 400,
      msg: expect.stringContaining('phone'),
    });
    expect((await post('/v3/api/phone/sms/other', { phone: '13900000000' })).json().xcode).toBe(400);
    expect((await post('/v3/api/login/phone/sms', { phone: 13900000000, code: [1] })).json().xcode).toBe(400);
  });

  it('accepts form-encoded bodies', async () => {
    clock += 61_000;
    const response = await app.inject({
      method: 'POST',
      url: '/v3/api/phone/sms/login',
      payload: 'phone=13955556666',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.json().xcode).toBe(200);
  });
});

describe('accounts', () => {
  it('user info needs login and masks the phone', async () => {
    expect((await post('/v3/api/user/info', {})).json().xcode).toBe(401);
    clock += 61_000;
    const token = await login('13966667777');
    const info = (await post('/v3/api/user/info', {}, { authorization: `Bearer ${token}` })).json();
    expect(info).toMatchObject({ xcode: 200, data: { phone: '139****7777', permissions: [] } });
  });

  it('a second login replaces the first token (100005)', async () => {
    clock += 61_000;
    const first = await login('13977778888');
    clock += 61_000;
    await login('13977778888');
    expect((await post('/v3/api/user/info', {}, { authorization: `Bearer ${first}` })).json().xcode).toBe(
      100005,
    );
  });

  it('e-mail anonymous login returns a working token', async () => {
    const { data } = (await post('/v3/api/email_anonymous_login', { email: 'Viewer@Example.com' })).json();
    const info = (await post('/v3/api/user/info', {}, { authorization: data.token })).json();
    expect(info.data.nickname).toBe('viewer');
    expect((await post('/v3/api/email_anonymous_login', { email: 'not-an-email' })).json().xcode).toBe(400);
  });

  it('the information form gives the spec messages, then unlocks the event', async () => {
    clock += 61_000;
    const token = await login('13988889999');
    const auth = { authorization: `Bearer ${token}` };
    expect((await post('/v3/api/user/collect_info', { token: 'info', name: 'A' }, auth)).json().msg).toBe(
      'Please fill in your name and mobile phone number~',
    );
    expect(
      (await post('/v3/api/user/collect_info', { token: 'info', name: 'A', phone: '+86 139' }, auth)).json()
        .msg,
    ).toBe('Please fill in the company~');
    expect(
      (await app.inject({ url: '/v3/api/video/detail?token=info', headers: auth })).json().data.can_watch,
    ).toBe(false);
    const saved = await post(
      '/v3/api/user/collect_info',
      { token: 'info', name: 'A', phone: '+86 139', company: 'C', agreement: true },
      auth,
    );
    expect(saved.json().xcode).toBe(200);
    expect(
      (await app.inject({ url: '/v3/api/video/detail?token=info', headers: auth })).json().data.can_watch,
    ).toBe(true);
  });

  it('welcome, complaint and app version', async () => {
    expect(
      (await app.inject({ url: '/v2/api/welcome/masses?token=demo' })).json().data.viewers,
    ).toBeGreaterThan(0);
    expect(
      (await post('/v2/api/complain', { token: 'demo', reason: 'spam', content: 'x' })).json().xcode,
    ).toBe(200);
    expect(
      (await post('/v2/api/complain', { token: 'demo', reason: 'spam', content: 'x'.repeat(501) })).json()
        .xcode,
    ).toBe(400);
    expect((await app.inject({ url: '/v2/api/mini/index' })).json().data).toEqual({
      version: '1.0.0',
      version_code: 100,
    });
  });

  it('rate-limits complaints per client with the envelope (limits declared in the contract)', async () => {
    const codes = [];
    for (let i = 0; i < 12; i++)
      codes.push((await post('/v2/api/complain', { token: 'demo', reason: 'spam' })).json().xcode);
    expect(codes).toContain(429);
  });
});

describe('QR codes', () => {
  it('answer real PNGs encoding links into the app, carrying the inviter', async () => {
    const response = await app.inject({ url: '/v2/api/mini/qrcode/video?token=demo&inviteId=42' });
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(response.headers['x-qr-link']).toMatch(/\/livev3\/#\/pages\/home\/index\?token=demo&inviteId=42$/);
    for (const url of [
      '/v2/api/mini/qrcode/vote?vote_id=1',
      '/v2/api/mini/qrcode/channel?channel_token=c',
      '/v2/api/mini/qrcode_param?path=/pages/vip/index',
    ]) {
      expect((await app.inject({ url })).headers['content-type']).toBe('image/png');
    }
  });

  it('refuse a path outside the app and a missing parameter', async () => {
    expect((await app.inject({ url: '/v2/api/mini/qrcode_param?path=https://evil.test' })).json().xcode).toBe(
      400,
    );
    expect((await app.inject({ url: '/v2/api/mini/qrcode/video' })).json().xcode).toBe(400);
  });
});
