/**
 * The SMS provider's client (the official SDK) against the provider's emulator: each call is signed (TC3-HMAC-SHA256)
 * and the emulator checks the signature as the service does; what it sent lands in the number's inbox; the
 * provider's refusals become the viewer's bilingual messages, a limited number's wait included, and leave no code.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { RESEND_MS } from '../accounts/code-limits.ts';
import { systemClock } from '../clock.ts';
import { inProcessAgent } from './in-process.ts';
import { providerSender, refusalFailure, SmsRefused } from './provider.ts';
import { readSmsSettings, type SmsSettings } from './settings.ts';
import { tc3Signature } from './tc3.ts';

type App = Awaited<ReturnType<typeof buildServer>>;

let clock = 1_800_000_000_000;
let app: App;
let settings: SmsSettings;
let nextPhone = 0;
/** A number no other test of this file texts (the provider limits each number). */
const freshPhone = () => `1361000${String(nextPhone++).padStart(4, '0')}`;

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
  settings = readSmsSettings({}, 'test', 'http://localhost:8080') as SmsSettings;
});
afterAll(() => app.close());

const inbox = async (phone: string) =>
  (await app.inject({ url: `/emulator/sms/inbox?phone=${phone}` })).json().messages as {
    phone: string;
    text: string;
    params: string[];
  }[];

const refusalOf = async (send: Promise<void>) => {
  try {
    await send;
  } catch (error) {
    return error instanceof SmsRefused ? error.code : `not a refusal: ${String(error)}`;
  }
  return 'sent';
};

describe('the SDK against the emulator', () => {
  const sender = () => providerSender(settings, { agent: inProcessAgent(app.server, () => app.ready()) });

  it('a signed SendSms lands in the number inbox, rendered from the approved template', async () => {
    const phone = freshPhone();
    await sender().sendCode(phone, '042424');
    const [text] = await inbox(phone);
    expect(text).toMatchObject({ phone: `+86${phone}`, params: ['042424'] });
    expect(text.text).toBe('【livev3】您的登录验证码是042424，5分钟内有效。');
  });

  it('refuses a signature made with another secret key, and an unknown SecretId, sending nothing', async () => {
    const phone = freshPhone();
    const wrongKey = providerSender(
      { ...settings, secretKey: 'not-the-key' },
      { agent: inProcessAgent(app.server, () => app.ready()) },
    );
    expect(await refusalOf(wrongKey.sendCode(phone, '111111'))).toBe('AuthFailure.SignatureFailure');
    const unknownId = providerSender(
      { ...settings, secretId: 'AKIDnobody' },
      { agent: inProcessAgent(app.server, () => app.ready()) },
    );
    expect(await refusalOf(unknownId.sendCode(phone, '111111'))).toBe('AuthFailure.SecretIdNotFound');
    expect(await inbox(phone)).toEqual([]);
  });

  it('refuses a body changed after signing, and a signature older than five minutes', async () => {
    const phone = freshPhone();
    const body = JSON.stringify({
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: settings.sdkAppId,
      SignName: settings.signName,
      TemplateId: settings.templateId,
      TemplateParamSet: ['123456'],
    });
    const post = async (sent: string, timestamp: number) => {
      const headers = {
        'content-type': 'application/json',
        host: 'localhost:8080',
        'x-tc-action': 'SendSms',
        'x-tc-version': '2021-01-11',
        'x-tc-region': settings.region,
        'x-tc-timestamp': String(timestamp),
      };
      const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
      const credential = { secretId: settings.secretId, date, service: 'localhost:8080/emulator/sms' };
      const signature = tc3Signature(
        { method: 'POST', url: '/emulator/sms/', headers, body: Buffer.from(body) },
        {
          secretKey: settings.secretKey,
          credential,
          signedHeaders: ['content-type', 'host'],
          timestamp: String(timestamp),
        },
      );
      const authorization = `TC3-HMAC-SHA256 Credential=${settings.secretId}/${date}/${credential.service}/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`;
      return (
        await app.inject({
          method: 'POST',
          url: '/emulator/sms/',
          headers: { ...headers, authorization },
          payload: sent,
        })
      ).json();
    };
    // The real clock: the provider checks signatures against its own.
    const nowS = Math.floor(systemClock() / 1000);
    expect((await post(body, nowS)).Response.SendStatusSet[0]).toMatchObject({ Code: 'Ok' });
    const changed = body.replace('123456', '654321');
    expect((await post(changed, nowS)).Response.Error.Code).toBe('AuthFailure.SignatureFailure');
    expect((await post(body, nowS - 301)).Response.Error.Code).toBe('AuthFailure.SignatureExpire');
    expect((await inbox(phone)).map((text) => text.params[0])).toEqual(['123456']);
  });

  it('reaches the emulator over HTTP at the configured endpoint (a rehearsal with real settings)', async () => {
    const server = await buildServer({
      databasePath: ':memory:',
      mode: 'test',
      now: () => clock,
      sms: { ...settings, sandbox: false },
    });
    try {
      await server.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.server.address() as AddressInfo;
      const overHttp = providerSender({
        ...settings,
        sandbox: false,
        endpoint: { protocol: 'http://', host: `127.0.0.1:${port}/emulator/sms` },
      });
      const phone = freshPhone();
      await overHttp.sendCode(phone, '777777');
      const texts = (await server.inject({ url: `/emulator/sms/inbox?phone=${phone}` })).json().messages;
      expect(texts[0].params).toEqual(['777777']);
    } finally {
      await server.close();
    }
  });

  it("holds a number to the provider's 30 s limit, and refuses a number that is none", async () => {
    const phone = freshPhone();
    await sender().sendCode(phone, '000001');
    expect(await refusalOf(sender().sendCode(phone, '000002'))).toBe(
      'LimitExceeded.PhoneNumberThirtySecondLimit',
    );
    expect(await refusalOf(sender().sendCode('12345', '000003'))).toBe(
      'InvalidParameterValue.IncorrectPhoneNumber',
    );
  });
});

describe("the provider's refusals reach the viewer", () => {
  const failNext = (phone: string, fail: string) =>
    app.inject({ method: 'POST', url: '/emulator/sms/control', payload: { phone, fail } });

  /** Asks for a login code as the app does: a slide check, then the code. */
  async function askCode(phone: string, locale: 'zh-CN' | 'en') {
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
    return (
      await app.inject({
        method: 'POST',
        url: `/v3/api/phone/sms/login?locale=${locale}`,
        payload: { phone, ticket: verified.json().data.ticket },
        remoteAddress: `10.9.${nextPhone}.1`,
      })
    ).json();
  }

  const storedCodes = async (phone: string) =>
    (await app.sql.selectFrom('sms_codes').select('id').where('phone', '=', phone).execute()).length;

  it("the number's hourly limit: 429 in the viewer's language, wait an hour, no code left", async () => {
    const phone = freshPhone();
    await failNext(phone, 'LimitExceeded.PhoneNumberOneHourLimit');
    expect(await askCode(phone, 'en')).toEqual({
      xcode: 429,
      msg: 'This number has received its texts for the hour, please retry in an hour',
      data: { resend_after: 3600 },
    });
    expect(await storedCodes(phone)).toBe(0);
    expect(await inbox(phone)).toEqual([]);
    // The code of the refused text never existed: a login with any code is told to ask for one first.
    const login = await app.inject({
      method: 'POST',
      url: '/v3/api/login/phone/sms?locale=en',
      payload: { phone, code: '000000' },
    });
    expect(login.json()).toMatchObject({ xcode: 400, msg: 'Please request a verification code first' });
  });

  it("the 30 s limit answers this server's own wait when it is longer, in Chinese", async () => {
    const phone = freshPhone();
    await failNext(phone, 'LimitExceeded.PhoneNumberThirtySecondLimit');
    const seconds = RESEND_MS / 1000;
    expect(await askCode(phone, 'zh-CN')).toEqual({
      xcode: 429,
      msg: `该手机号接收短信过于频繁，请 ${seconds} 秒后再试`,
      data: { resend_after: seconds },
    });
  });

  it('a failed text then a good one: the next code arrives and logs in', async () => {
    const phone = freshPhone();
    await failNext(phone, 'FailedOperation.InsufficientBalanceInSmsPackage');
    expect(await askCode(phone, 'zh-CN')).toMatchObject({ xcode: 500, msg: '短信发送失败，请稍后再试' });
    clock += RESEND_MS + 1000;
    expect(await askCode(phone, 'zh-CN')).toMatchObject({ xcode: 200 });
    const [text] = await inbox(phone);
    const login = await app.inject({
      method: 'POST',
      url: '/v3/api/login/phone/sms',
      payload: { phone, code: text.params[0] },
    });
    expect(login.json()).toMatchObject({ xcode: 200, data: { token: expect.any(String) } });
  });

  it('every refusal the provider may give maps to a message in both languages', () => {
    const now = Date.UTC(2026, 11, 2, 15, 0, 0); // 23:00 in China: an hour to midnight
    const cases = {
      'LimitExceeded.PhoneNumberDailyLimit': [429, 3600],
      'InvalidParameterValue.IncorrectPhoneNumber': [400, undefined],
      'FailedOperation.PhoneNumberInBlacklist': [400, undefined],
      'AuthFailure.SignatureFailure': [500, undefined],
      Unreachable: [500, undefined],
    } as const;
    for (const [code, [xcode, wait]] of Object.entries(cases)) {
      const failure = refusalFailure(new SmsRefused(code, 'test'), { now, minWaitS: 60 });
      expect([failure.xcode, (failure.data as { resend_after?: number } | null)?.resend_after], code).toEqual(
        [xcode, wait],
      );
      expect(failure.texts['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
      expect(failure.texts.en).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});

describe('settings', () => {
  it('production without them refuses, naming each and the way out; a partial set refuses anywhere', () => {
    expect(() => readSmsSettings({}, 'production', 'https://live.example')).toThrow(
      'Missing settings for NODE_ENV=production: SMS_SECRET_ID, SMS_SECRET_KEY, SMS_SDK_APP_ID, SMS_SIGN_NAME, SMS_TEMPLATE_ID (phone codes; or PHONE_CODES=off)',
    );
    expect(readSmsSettings({ PHONE_CODES: 'off' }, 'production', 'https://live.example')).toBeNull();
    expect(() =>
      readSmsSettings({ SMS_SECRET_ID: 'id', SMS_SECRET_KEY: 'key' }, 'development', 'http://localhost:8080'),
    ).toThrow('Tencent Cloud SMS is half set up: SMS_SDK_APP_ID, SMS_SIGN_NAME, SMS_TEMPLATE_ID are missing');
  });

  it('a full set talks to the provider over https unless SMS_ENDPOINT says otherwise', () => {
    const full = {
      SMS_SECRET_ID: 'AKID1',
      SMS_SECRET_KEY: crypto.randomBytes(16).toString('hex'),
      SMS_SDK_APP_ID: '1400006666',
      SMS_SIGN_NAME: '活动直播',
      SMS_TEMPLATE_ID: '1110',
    };
    expect(readSmsSettings(full, 'production', 'https://live.example')).toMatchObject({
      region: 'ap-guangzhou',
      endpoint: { protocol: 'https://', host: 'sms.tencentcloudapi.com' },
      sandbox: false,
    });
    expect(
      readSmsSettings(
        { ...full, SMS_ENDPOINT: 'http://127.0.0.1:8080/emulator/sms/', SMS_REGION: 'ap-beijing' },
        'development',
        'http://localhost:8080',
      ),
    ).toMatchObject({
      region: 'ap-beijing',
      endpoint: { protocol: 'http://', host: '127.0.0.1:8080/emulator/sms' },
    });
  });
});
