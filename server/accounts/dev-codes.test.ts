/**
 * Outside production the send-code calls answer the code they sent as `dev_code` (texts land in the SMS emulator's
 * inbox, mail stays in the local sink), so the login form can show it; in production the field is never there and
 * the dev routes do not exist. Production here mails and texts through stand-ins (no SMTP server or SMS provider in
 * a test).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app.ts';
import { productionSmsSettings, productionWechatSettings } from '../security/test-helpers.ts';
import type * as ProviderModule from '../sms/provider.ts';
import type * as MailModule from './mail.ts';

vi.mock('./mail.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof MailModule>();
  return {
    ...actual,
    createMailer: (...args: Parameters<typeof actual.createMailer>) =>
      args[1] === 'production' ? { send: async () => undefined } : actual.createMailer(...args),
  };
});

vi.mock('../sms/provider.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ProviderModule>();
  return {
    ...actual,
    providerSender: (...args: Parameters<typeof actual.providerSender>) =>
      args[0].sandbox ? actual.providerSender(...args) : { sendCode: async () => undefined },
  };
});

type App = Awaited<ReturnType<typeof buildServer>>;
let clock = 1_800_000_000_000;

/** A passed slide check for the phone: challenge, a human-paced track to the end, the one-time ticket. */
async function slideTicket(app: App, phone: string): Promise<string> {
  const challenge = (
    await app.inject({ method: 'POST', url: '/v3/api/slide/challenge', payload: { phone } })
  ).json();
  clock += 800;
  const track = [
    [0, 0],
    [500, 400],
    [1000, 760],
  ];
  const verified = await app.inject({
    method: 'POST',
    url: '/v3/api/slide/verify',
    payload: { challenge_id: challenge.data.challenge_id, phone, track },
  });
  return verified.json().data.ticket;
}

const sendSms = async (app: App, phone: string) =>
  (
    await app.inject({
      method: 'POST',
      url: '/v3/api/phone/sms/login',
      payload: { phone, ticket: await slideTicket(app, phone) },
    })
  ).json();

const sendMail = async (app: App, email: string) =>
  (await app.inject({ method: 'POST', url: '/v3/api/email/code', payload: { email } })).json();

describe.each(['development', 'test'] as const)('in %s', (mode) => {
  let app: App;
  beforeAll(async () => {
    app = await buildServer({ databasePath: ':memory:', mode, now: () => clock });
  });
  afterAll(() => app.close());

  it('the SMS code is in the answer, the same as /dev/sms/last, and logs in', async () => {
    const phone = '13700001111';
    const sent = await sendSms(app, phone);
    expect(sent).toMatchObject({
      xcode: 200,
      data: { resend_after: 60, dev_code: expect.stringMatching(/^\d{6}$/) },
    });
    const kept = (await app.inject({ url: `/dev/sms/last?phone=${phone}` })).json().data.code;
    expect(sent.data.dev_code).toBe(kept);
    const login = await app.inject({
      method: 'POST',
      url: '/v3/api/login/phone/sms',
      payload: { phone, code: sent.data.dev_code },
    });
    expect(login.json()).toMatchObject({ xcode: 200, data: { token: expect.any(String) } });
  });

  it('the mailed code is in the answer, the same as /dev/mail/last', async () => {
    const email = `dev-${mode}@example.com`;
    const sent = await sendMail(app, email);
    expect(sent).toMatchObject({ xcode: 200, data: { dev_code: expect.stringMatching(/^\d{6}$/) } });
    const kept = (await app.inject({ url: `/dev/mail/last?email=${encodeURIComponent(email)}` })).json().data
      .code;
    expect(sent.data.dev_code).toBe(kept);
  });

  it('the dev sinks and the red-packet expiry validate what they are asked: one phone, one address, an id', async () => {
    const asked = await Promise.all(
      [
        { url: '/dev/sms/last?phone=13800000001&phone=13800000002' },
        { url: '/dev/mail/last?email=a@example.com&email=b@example.com' },
        { method: 'POST' as const, url: '/dev/redpack/expire', payload: { id: 'first' } },
      ].map(async (request) => (await app.inject(request)).json()),
    );
    expect(asked.map((answer) => answer.xcode)).toEqual([400, 400, 400]);
  });
});

describe('in production', () => {
  let app: App;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-dev-codes-'));
  beforeAll(async () => {
    // Production refuses to start without the WeChat and SMS settings: full sets, with keys made for this test.
    const settings = {
      PUBLIC_ORIGIN: 'https://live.example',
      ...productionWechatSettings(dir),
      ...productionSmsSettings(),
    };
    for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
    app = await buildServer({
      databasePath: ':memory:',
      mode: 'production',
      publicOrigin: settings.PUBLIC_ORIGIN,
      streamSecret: 'stream-secret',
      now: () => clock,
    });
  });
  afterAll(async () => {
    await app?.close();
    vi.unstubAllEnvs();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a sent SMS code is not in the answer, and /dev/sms/last does not exist', async () => {
    const phone = '13700002222';
    const sent = await sendSms(app, phone);
    expect(sent).toMatchObject({ xcode: 200, data: { resend_after: 60 } });
    expect(sent.data).not.toHaveProperty('dev_code');
    expect((await app.inject({ url: `/dev/sms/last?phone=${phone}` })).statusCode).toBe(404);
  });

  it('a mailed code is not in the answer, and /dev/mail/last does not exist', async () => {
    const sent = await sendMail(app, 'prod@example.com');
    expect(sent).toMatchObject({ xcode: 200, data: { resend_after: 60 } });
    expect(sent.data).not.toHaveProperty('dev_code');
    expect((await app.inject({ url: '/dev/mail/last?email=prod%40example.com' })).statusCode).toBe(404);
  });
});
