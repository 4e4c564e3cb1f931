import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { wechatCredentials } from '../wechat/credentials';
import { realWechatLoginApi, WechatApiError } from './wechat-login';
import { systemClock } from '../clock.ts';

let clock = 1_800_000_000_000;
let app: Awaited<ReturnType<typeof buildServer>>;

beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test', now: () => clock });
});
afterAll(() => app.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `${url}?locale=zh-CN&inviteId=7`, payload, headers });

async function sandboxCode(kind: 'oauth' | 'mini' | 'phone', subject: string): Promise<string> {
  const answer = (await post('/emulator/wechat/code', { kind, subject })).json();
  expect(answer.xcode).toBe(200);
  return answer.data.code;
}

describe('POST /v3/api/user/login/wx (web OAuth code)', () => {
  it('exchanges a code for a session; the same WeChat viewer gets the same account', async () => {
    const first = (await post('/v3/api/user/login/wx', { code: await sandboxCode('oauth', 'alice') })).json();
    expect(first).toMatchObject({
      xcode: 200,
      data: { token: expect.any(String), user_id: expect.any(Number) },
    });
    const info = (
      await post('/v3/api/user/info', {}, { authorization: `Bearer ${first.data.token}` })
    ).json();
    expect(info.data).toMatchObject({ user_id: first.data.user_id, nickname: 'WeChat alice' });
    const again = (await post('/v3/api/user/login/wx', { code: await sandboxCode('oauth', 'alice') })).json();
    expect(again.data.user_id).toBe(first.data.user_id);
    const other = (await post('/v3/api/user/login/wx', { code: await sandboxCode('oauth', 'bob') })).json();
    expect(other.data.user_id).not.toBe(first.data.user_id);
  });

  it('a code works once and for five minutes; unknown codes and bad input are refused', async () => {
    const code = await sandboxCode('oauth', 'carol');
    expect((await post('/v3/api/user/login/wx', { code })).json().xcode).toBe(200);
    const reused = (await post('/v3/api/user/login/wx', { code })).json();
    expect(reused).toMatchObject({
      xcode: 400,
      data: null,
      msg: expect.stringContaining('code been used (40163)'),
    });
    const late = await sandboxCode('oauth', 'carol');
    clock += 5 * 60 * 1000 + 1;
    expect((await post('/v3/api/user/login/wx', { code: late })).json().msg).toContain(
      'invalid code (40029)',
    );
    // A mini-program code is not a web OAuth code.
    const mini = await sandboxCode('mini', 'carol');
    expect((await post('/v3/api/user/login/wx', { code: mini })).json().xcode).toBe(400);
    expect((await post('/v3/api/user/login/wx', {})).json().msg).toBe('请求参数有误：缺少验证码');
    expect((await post('/v3/api/user/login/wx', { code: '<script>' })).json().xcode).toBe(400);
  });
});

describe('POST /v3/api/user/mini/wx/login and /v2/api/user/get_wx_phone', () => {
  it('logs in from a wx.login() code, links the web account by unionid, then binds the phone', async () => {
    const web = (await post('/v3/api/user/login/wx', { code: await sandboxCode('oauth', 'dave') })).json();
    const mini = (
      await post('/v3/api/user/mini/wx/login', { code: await sandboxCode('mini', 'dave') })
    ).json();
    expect(mini).toMatchObject({ xcode: 200, data: { user_id: web.data.user_id, has_phone: false } });
    const auth = { authorization: `Bearer ${mini.data.token}` };
    const phone = (
      await post('/v2/api/user/get_wx_phone', { code: await sandboxCode('phone', '13712345678') }, auth)
    ).json();
    expect(phone).toMatchObject({ xcode: 200, data: { phone: '137****5678' } });
    const again = (
      await post('/v3/api/user/mini/wx/login', { code: await sandboxCode('mini', 'dave') })
    ).json();
    expect(again.data).toMatchObject({ user_id: web.data.user_id, has_phone: true });
  });

  it('the phone needs a logged-in viewer and a phone nobody else has', async () => {
    const code = await sandboxCode('phone', '13712345678');
    expect((await post('/v2/api/user/get_wx_phone', { code })).json().xcode).toBe(401);
    const erin = (
      await post('/v3/api/user/mini/wx/login', { code: await sandboxCode('mini', 'erin') })
    ).json();
    const taken = (
      await post('/v2/api/user/get_wx_phone', { code }, { authorization: `Bearer ${erin.data.token}` })
    ).json();
    expect(taken).toMatchObject({
      xcode: 400,
      msg: expect.stringMatching(/bound to another account|已绑定其他账号/),
    });
  });
});

describe('the real WeChat API client', () => {
  const credentials = wechatCredentials({ WECHAT_APP_ID: 'wxweb', WECHAT_APP_SECRET: 'websecret' }, 'test');
  function fakeWechat(answers: Record<string, object>) {
    const calls: { url: URL; body?: string }[] = [];
    const fetch = async (url: string, init?: RequestInit) => {
      const parsed = new URL(url);
      calls.push({ url: parsed, body: init?.body as string | undefined });
      return new Response(
        JSON.stringify(answers[parsed.pathname] ?? { errcode: -1, errmsg: 'system error' }),
      );
    };
    return { calls, fetch };
  }

  it('web OAuth: access_token by code, then userinfo when the scope allows it', async () => {
    const fake = fakeWechat({
      '/sns/oauth2/access_token': { access_token: 'AT', openid: 'oWEB', scope: 'snsapi_userinfo' },
      '/sns/userinfo': {
        openid: 'oWEB',
        nickname: 'Zhang',
        headimgurl: 'https://wx.qlogo.cn/a',
        unionid: 'uX',
      },
    });
    const api = realWechatLoginApi(
      credentials,
      { appId: 'wxmini', appSecret: 'minisecret' },
      { fetch: fake.fetch, now: systemClock },
    );
    expect(await api.oauthCode('CODE1')).toEqual({
      openid: 'oWEB',
      unionid: 'uX',
      nickname: 'Zhang',
      avatar: 'https://wx.qlogo.cn/a',
    });
    expect(Object.fromEntries(fake.calls[0]!.url.searchParams)).toEqual({
      appid: 'wxweb',
      secret: 'websecret',
      code: 'CODE1',
      grant_type: 'authorization_code',
    });
    expect(fake.calls[0]!.url.origin).toBe('https://api.weixin.qq.com');
    expect(fake.calls[1]!.url.searchParams.get('access_token')).toBe('AT');
  });

  it('mini program: jscode2session with the mini app; phone: cached access token then getuserphonenumber', async () => {
    const fake = fakeWechat({
      '/sns/jscode2session': { openid: 'oMINI', session_key: 'SK', unionid: 'uY' },
      '/cgi-bin/token': { access_token: 'CT', expires_in: 7200 },
      '/wxa/business/getuserphonenumber': {
        errcode: 0,
        errmsg: 'ok',
        phone_info: { phoneNumber: '+86 13800001111', purePhoneNumber: '13800001111', countryCode: '86' },
      },
    });
    const api = realWechatLoginApi(
      credentials,
      { appId: 'wxmini', appSecret: 'minisecret' },
      { fetch: fake.fetch, now: systemClock },
    );
    expect(await api.miniCode('JS')).toEqual({ openid: 'oMINI', unionid: 'uY', sessionKey: 'SK' });
    expect(fake.calls[0]!.url.searchParams.get('appid')).toBe('wxmini');
    expect(fake.calls[0]!.url.searchParams.get('js_code')).toBe('JS');
    expect(await api.phoneCode('P1')).toBe('13800001111');
    expect(await api.phoneCode('P2')).toBe('13800001111');
    const tokenCalls = fake.calls.filter((call) => call.url.pathname === '/cgi-bin/token');
    expect(tokenCalls).toHaveLength(1);
    const phoneCall = fake.calls.at(-1)!;
    expect(phoneCall.url.searchParams.get('access_token')).toBe('CT');
    expect(JSON.parse(phoneCall.body ?? '{}')).toEqual({ code: 'P2' });
  });

  it('WeChat errcodes become WechatApiError', async () => {
    const fake = fakeWechat({ '/sns/jscode2session': { errcode: 40029, errmsg: 'invalid code' } });
    const api = realWechatLoginApi(
      credentials,
      { appId: 'wxmini', appSecret: 's' },
      { fetch: fake.fetch, now: systemClock },
    );
    await expect(api.miniCode('bad')).rejects.toEqual(new WechatApiError(40029, 'invalid code'));
  });
});
