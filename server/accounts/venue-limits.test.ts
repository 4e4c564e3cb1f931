/**
 * Login codes at a venue: every viewer on the venue's Wi-Fi shares one network address, so codes are limited per
 * phone (or e-mail address) and per device, with a per-address ceiling sized for a venue (CODES_PER_IP_PER_HOUR,
 * 3000 by default). Through the real routes, slide check included, with the server's clock moved by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { DEFAULT_CODE_LIMITS, readCodeLimits, readConfig, type CodeLimits } from '../config.ts';

type App = Awaited<ReturnType<typeof buildServer>>;
let clock = 1_800_000_000_000;

async function server(codeLimits?: CodeLimits): Promise<App> {
  return buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock, codeLimits });
}

type Client = { ip: string; device?: string; locale?: string };

const post = (app: App, url: string, payload: object, client: Client) =>
  app.inject({
    method: 'POST',
    url: `${url}?locale=${client.locale ?? 'en'}`,
    payload,
    remoteAddress: client.ip,
    headers: client.device ? { cookie: `livev3_device=${client.device}` } : {},
  });

/** Slide check, then the code: what the login form does. */
async function textCode(app: App, phone: string, client: Client) {
  const challenge = (await post(app, '/v3/api/slide/challenge', { phone }, client)).json();
  expect(challenge.xcode).toBe(200);
  clock += 800;
  const track = [
    [0, 0],
    [500, 400],
    [1000, 760],
  ];
  const verified = (
    await post(
      app,
      '/v3/api/slide/verify',
      { challenge_id: challenge.data.challenge_id, phone, track },
      client,
    )
  ).json();
  expect(verified.xcode).toBe(200);
  return post(app, '/v3/api/phone/sms/login', { phone, ticket: verified.data.ticket }, client);
}

const mailCode = (app: App, email: string, client: Client) =>
  post(app, '/v3/api/email/code', { email }, client);

/** A device id as the server hands them out (22 base64url characters). */
const deviceId = (n: number) => `venue-device-${String(n).padStart(9, '0')}`;
const phoneOf = (n: number) => `1391234${String(n).padStart(4, '0')}`;

describe('one venue address, default limits', () => {
  let app: App;
  beforeAll(async () => {
    app = await server();
  });
  afterAll(() => app.close());

  it('50 viewers with 50 phones, all from one address, all get their codes', async () => {
    for (let n = 0; n < 50; n++) {
      const sent = (await textCode(app, phoneOf(n), { ip: '10.20.0.1', device: deviceId(n) })).json();
      expect(sent, `viewer ${n + 1}`).toMatchObject({ xcode: 200, data: { resend_after: 60 } });
    }
  });

  it('50 viewers with 50 e-mail addresses, all from one address, all get their codes', async () => {
    for (let n = 0; n < 50; n++) {
      const sent = (
        await mailCode(app, `viewer${n}@venue.example`, { ip: '10.20.0.2', device: deviceId(n) })
      ).json();
      expect(sent, `viewer ${n + 1}`).toMatchObject({ xcode: 200, data: { resend_after: 60 } });
    }
  });

  it('a browser without the device cookie gets one (HttpOnly), and keeps it', async () => {
    const first = await mailCode(app, 'cookie@venue.example', { ip: '10.20.0.3' });
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^livev3_device=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000/);
    expect(cookie).toContain('HttpOnly');
    const device = /livev3_device=([^;]+)/.exec(cookie)![1];
    const again = await mailCode(app, 'cookie2@venue.example', { ip: '10.20.0.3', device });
    expect(again.json().xcode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it(`one phone: one code per 60 s and ${DEFAULT_CODE_LIMITS.perPhone} an hour, refused in the request's locale`, async () => {
    const phone = '13700009999';
    const client = { ip: '10.20.0.4', device: deviceId(900) };
    expect((await textCode(app, phone, client)).json().xcode).toBe(200);
    expect((await textCode(app, phone, client)).json()).toMatchObject({
      xcode: 429,
      msg: expect.stringMatching(/^Please wait \d+ s before requesting another code$/),
      data: { resend_after: expect.any(Number) },
    });
    for (let n = 1; n < DEFAULT_CODE_LIMITS.perPhone; n++) {
      clock += 61_000;
      expect((await textCode(app, phone, client)).json().xcode).toBe(200);
    }
    clock += 61_000;
    expect((await textCode(app, phone, client)).json()).toEqual({
      xcode: 429,
      msg: 'Too many codes for this number, please retry in an hour',
      data: null,
    });
    // From another device and address: the limit is the phone's.
    expect((await textCode(app, phone, { ip: '10.20.0.5', locale: 'zh-CN' })).json()).toEqual({
      xcode: 429,
      msg: '该手机号获取验证码次数过多，请 1 小时后再试',
      data: null,
    });
    clock += 3600_000;
    expect((await textCode(app, phone, client)).json().xcode).toBe(200);
  });

  it(`one e-mail address: ${DEFAULT_CODE_LIMITS.perEmail} codes an hour, refused in the request's locale`, async () => {
    const email = 'often@venue.example';
    for (let n = 0; n < DEFAULT_CODE_LIMITS.perEmail; n++) {
      expect((await mailCode(app, email, { ip: '10.20.0.6', device: deviceId(901) })).json().xcode).toBe(200);
      clock += 61_000;
    }
    expect((await mailCode(app, email, { ip: '10.20.0.7', locale: 'zh-CN' })).json()).toEqual({
      xcode: 429,
      msg: '该邮箱获取验证码次数过多，请 1 小时后再试',
      data: null,
    });
  });

  it(`one device: ${DEFAULT_CODE_LIMITS.perDevice} codes an hour whatever the numbers; other devices on the address go on`, async () => {
    const device = deviceId(902);
    for (let n = 0; n < DEFAULT_CODE_LIMITS.perDevice; n++)
      expect((await textCode(app, phoneOf(100 + n), { ip: '10.20.0.8', device })).json().xcode).toBe(200);
    expect((await textCode(app, phoneOf(200), { ip: '10.20.0.8', device })).json()).toEqual({
      xcode: 429,
      msg: 'Too many codes requested, please retry later',
      data: null,
    });
    expect((await textCode(app, phoneOf(200), { ip: '10.20.0.8', device: deviceId(903) })).json().xcode).toBe(
      200,
    );
  });
});

describe('the per-address ceiling', () => {
  const ceiling = 30;
  let app: App;
  beforeAll(async () => {
    app = await server({ ...DEFAULT_CODE_LIMITS, perIp: ceiling });
  });
  afterAll(() => app.close());

  it(`refuses the code after CODES_PER_IP_PER_HOUR (here ${ceiling}) from one address, in the request's locale`, async () => {
    for (let n = 0; n < ceiling; n++)
      expect((await textCode(app, phoneOf(300 + n), { ip: '10.30.0.1' })).json().xcode).toBe(200);
    expect((await textCode(app, phoneOf(400), { ip: '10.30.0.1' })).json()).toEqual({
      xcode: 429,
      msg: 'Too many codes requested, please retry later',
      data: null,
    });
    expect((await textCode(app, phoneOf(400), { ip: '10.30.0.1', locale: 'zh-CN' })).json()).toEqual({
      xcode: 429,
      msg: '获取验证码过于频繁，请稍后再试',
      data: null,
    });
    // Another address has its own count; an hour later the first has room again.
    expect((await textCode(app, phoneOf(400), { ip: '10.30.0.2' })).json().xcode).toBe(200);
    clock += 3600_000;
    expect((await textCode(app, phoneOf(401), { ip: '10.30.0.1' })).json().xcode).toBe(200);
  });

  it('holds for e-mail codes too', async () => {
    for (let n = 0; n < ceiling; n++)
      expect((await mailCode(app, `ceiling${n}@venue.example`, { ip: '10.30.0.3' })).json().xcode).toBe(200);
    expect(
      (await mailCode(app, 'ceiling-last@venue.example', { ip: '10.30.0.3', locale: 'zh-CN' })).json(),
    ).toEqual({ xcode: 429, msg: '获取验证码过于频繁，请稍后再试', data: null });
  });
});

describe('settings', () => {
  it('default to a venue-sized address ceiling, and are read with the other server settings', () => {
    expect(readCodeLimits({})).toEqual({
      perPhone: 5,
      perEmail: 5,
      perDevice: 10,
      perIp: 3000,
      slidePerIp: 1000,
    });
    expect(
      readConfig({
        CODES_PER_PHONE_PER_HOUR: '3',
        CODES_PER_EMAIL_PER_HOUR: '4',
        CODES_PER_DEVICE_PER_HOUR: '20',
        CODES_PER_IP_PER_HOUR: '10000',
        SLIDE_CHALLENGES_PER_IP: '5000',
      }).codeLimits,
    ).toEqual({ perPhone: 3, perEmail: 4, perDevice: 20, perIp: 10000, slidePerIp: 5000 });
  });

  it('refuse to start with a value that is not a whole number of at least 1', () => {
    expect(() => readCodeLimits({ CODES_PER_IP_PER_HOUR: '3,000' })).toThrow(
      'CODES_PER_IP_PER_HOUR must be a whole number of at least 1 (it is "3,000")',
    );
    expect(() => readCodeLimits({ CODES_PER_PHONE_PER_HOUR: '0' })).toThrow(/CODES_PER_PHONE_PER_HOUR/);
  });
});
