/**
 * The dress rehearsal of a deployment: a real server process with an operator's credentials (app id and secret,
 * merchant id, API v3 key, merchant private key and serial, platform public key and serial, from key files) and
 * WECHAT_EMULATOR=1, its WeChat base URLs pointed at the emulator on itself. Everything goes over HTTP through the
 * production code: the client signs with the merchant key file, the emulator verifies it and signs its answers and
 * notifications with the platform key, the server verifies those with the platform public key file.
 * A viewer logs in (authorise page -> code -> callback -> session), pays a paid event in WeChat (JSAPI, the paySign
 * checked by the emulator's pay sheet), the signed notification unlocks it; then pays one shop order twice (in WeChat
 * and in the browser), and the second payment is refunded, the refund notification finishing it.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectRoot } from '../config';
import { EmulatorSettingsError, wechatCredentials } from './credentials';
import { systemClock } from '../clock.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-emulator-http-'));
let child: ReturnType<typeof spawn> | undefined;
let origin = '';
let output = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const pair = () =>
  crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const APP_ID = 'wx8888888888888888';
const MCH_ID = '1230000109';

beforeAll(async () => {
  const merchant = pair();
  const platform = pair();
  const file = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text, { mode: 0o600 });
    return path.join(dir, name);
  };
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const emulator = `${origin}/emulator/wechat`;
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      DATABASE_PATH: path.join(dir, 'emulator.db'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      DIST_DIR: path.join(dir, 'no-dist'),
      STREAM_SECRET: 'stream-secret-for-the-test-0123456789',
      UPLOAD_SECRET: 'upload-secret-for-the-test-0123456789',
      WECHAT_APP_ID: APP_ID,
      WECHAT_APP_SECRET: 'operator-app-secret',
      WECHAT_MCH_ID: MCH_ID,
      WECHAT_PAY_API_V3_KEY: 'operator0api0v30key0000000000032',
      WECHAT_PAY_PRIVATE_KEY_FILE: file('apiclient_key.pem', merchant.privateKey),
      WECHAT_PAY_SERIAL_NO: '3775B6A45ACD588826D15E583A95F5DD22233F9D',
      WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE: file('pub_key.pem', platform.publicKey),
      WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0112340000000000000000000000',
      WECHAT_EMULATOR: '1',
      WECHAT_EMULATOR_PLATFORM_PRIVATE_KEY_FILE: file('platform_key.pem', platform.privateKey),
      WECHAT_API_BASE: `${emulator}/api`,
      WECHAT_PAY_BASE: `${emulator}/pay`,
      WECHAT_OPEN_BASE: `${emulator}/open`,
      WECHAT_REFUND_SWEEP_MS: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
  await new Promise<void>((resolve, reject) => {
    child!.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
    const poll = setInterval(() => {
      if (output.includes('livev3 is running')) {
        clearInterval(poll);
        resolve();
      }
    }, 50);
  });
}, 60_000);

afterAll(() => {
  child?.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
});

const manual = (url: string, headers: Record<string, string> = {}) =>
  fetch(url.startsWith('http') ? url : `${origin}${url}`, { redirect: 'manual', headers });
let auth: Record<string, string> = {};
/** The fields these answers carry (PayOrder, order detail, address, shop order list). */
type Data = Record<string, unknown> & {
  order_sn: string;
  pay: Record<string, string>;
  mweb_url: string;
  id: number;
  list: Record<string, unknown>[];
};
async function api(method: 'GET' | 'POST', url: string, body?: object) {
  const answer = await fetch(`${origin}${url}`, {
    method,
    headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await answer.json()) as { xcode: number; msg: string; data: Data };
}
/** The emulator's pay sheet (JSAPI parameters, paySign checked) or H5 page (prepay id) confirms the payment. */
async function confirm(body: object) {
  const answer = await fetch(`${origin}/emulator/wechat/pay/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await answer.json()) as { result: string }).result;
}

describe('configured credentials against the emulator, over HTTP', () => {
  it('the app config and the JS-SDK entry lead to the emulator, not to WeChat', async () => {
    const sdk = await manual('/wechat/jweixin.js');
    expect([sdk.status, sdk.headers.get('location')]).toEqual([302, '/emulator/wechat/jweixin.js']);
    // The emulator knows only the configured app: a token for it, none for the sandbox app.
    const token = await (
      await fetch(
        `${origin}/emulator/wechat/api/cgi-bin/token?grant_type=client_credential&appid=${APP_ID}&secret=operator-app-secret`,
      )
    ).json();
    expect(token).toMatchObject({ expires_in: 7200 });
    const sandbox = await (
      await fetch(
        `${origin}/emulator/wechat/api/cgi-bin/token?grant_type=client_credential&appid=wx0sandbox0livev3&secret=sandbox-secret`,
      )
    ).json();
    expect(sandbox).toMatchObject({ errcode: 40013 });
  });

  it('a request signed with another merchant key is refused by the emulator', async () => {
    const answer = await fetch(
      `${origin}/emulator/wechat/pay/v3/pay/transactions/out-trade-no/1?mchid=${MCH_ID}`,
      {
        headers: {
          authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${MCH_ID}",nonce_str="x",signature="bad",timestamp="${Math.floor(systemClock() / 1000)}",serial_no="3775B6A45ACD588826D15E583A95F5DD22233F9D"`,
        },
      },
    );
    expect(answer.status).toBe(401);
  });

  it('logs in, pays a paid event (JSAPI) and unlocks it; a second payment is refunded with its notification', async () => {
    // Login: the entry sends the browser to the authorise page at WECHAT_OPEN_BASE.
    const back = `${origin}/livev3/#/pages/home/index?token=paid`;
    const entry = await manual(`/v3/api/user/login/wx?callback=${encodeURIComponent(back)}&token=paid`);
    expect(entry.status).toBe(302);
    // The browser's login cookie: the callback takes the state only with it.
    const browser = { cookie: entry.headers.get('set-cookie')!.split(';')[0] };
    const authorise = new URL(entry.headers.get('location')!);
    expect(`${authorise.origin}${authorise.pathname}`).toBe(
      `${origin}/emulator/wechat/open/connect/oauth2/authorize`,
    );
    expect(authorise.searchParams.get('appid')).toBe(APP_ID);
    const page = await (await manual(authorise.toString())).text();
    expect(page).toContain('Authorise');
    const approve = await manual(
      `/emulator/wechat/open/connect/oauth2/approve?${new URLSearchParams({
        redirect_uri: authorise.searchParams.get('redirect_uri')!,
        state: authorise.searchParams.get('state')!,
        scope: authorise.searchParams.get('scope')!,
        subject: 'rehearsal-viewer',
      })}`,
    );
    expect(approve.status).toBe(302);
    const callback = new URL(approve.headers.get('location')!);
    expect(callback.pathname).toBe('/v3/api/user/login/wx/callback');
    expect(callback.searchParams.get('code')).toBeTruthy();
    // The callback exchanges the code at WECHAT_API_BASE (sns/oauth2/access_token, sns/userinfo).
    const landed = await manual(callback.toString(), browser);
    expect(landed.status, await landed.clone().text()).toBe(302);
    const target = new URL(landed.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe(`${origin}/livev3/`);
    const session = new URLSearchParams(target.hash.split('?')[1]).get('auth_token');
    expect(session).toBeTruthy();
    auth = { authorization: `Bearer ${session}` };
    expect((await api('POST', '/v3/api/user/info', {})).data).toMatchObject({
      nickname: 'WeChat rehearsal-viewer',
    });
    // The same code again: WeChat's 40163 (code used), an error page, no session.
    const replay = await manual(callback.toString(), browser);
    expect(replay.status).toBe(400);

    expect((await api('GET', '/v3/api/video/detail?token=paid-e2e')).data).toMatchObject({
      can_watch: false,
    });
    // A paid event, in WeChat: a JSAPI order at WECHAT_PAY_BASE, six parameters signed with the merchant key file.
    const paid = await api('POST', '/v3/api/wechat/video/pay', {
      token: 'paid-e2e',
      t_type: 'h5',
      idempotency_key: 'rehearsal-video-1',
    });
    expect(paid.xcode, paid.msg).toBe(200);
    expect(paid.data.pay).toMatchObject({ appId: APP_ID, signType: 'RSA' });
    expect(paid.data.pay.package).toMatch(/^prepay_id=wx[0-9a-f]{28}$/);
    // A tampered paySign is refused by the pay sheet; the genuine one pays and WeChat notifies the server.
    expect(await confirm({ jsapi: { ...paid.data.pay, nonceStr: 'tampered' } })).toBe('fail');
    expect(
      (await api('GET', `/v3/api/wechat/order/detail?order_sn=${paid.data.order_sn}`)).data,
    ).toMatchObject({
      order_status: 0,
    });
    expect(await confirm({ jsapi: paid.data.pay })).toBe('ok');
    const settled = await api('GET', `/v3/api/wechat/order/detail?order_sn=${paid.data.order_sn}`);
    expect(settled.data).toMatchObject({ order_status: 1, refund: null });
    expect((await api('GET', '/v3/api/video/detail?token=paid-e2e')).data).toMatchObject({ can_watch: true });

    // A shop order paid twice (in WeChat and in the browser): the second payment is refunded through WeChat Pay.
    const address = await api('POST', '/v2/api/product/address/save', {
      name: '张三',
      phone: '13800001234',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 1 号',
    });
    expect(address.xcode, address.msg).toBe(200);
    const order = await api('POST', '/v2/api/order/product/save', {
      product_id: 21,
      quantity: 1,
      address_id: address.data.id,
      idempotency_key: 'rehearsal-shop-1',
    });
    expect(order.xcode, order.msg).toBe(200);
    const inWechat = await api('POST', '/v3/api/wechat/new_order/pay', {
      order_sn: order.data.order_sn,
      t_type: 'h5',
    });
    const inBrowser = await api('POST', '/v3/api/wechat/new_order/pay', {
      order_sn: order.data.order_sn,
      t_type: 'wap',
    });
    expect(inBrowser.data.mweb_url).toMatch(new RegExp(`^${origin}/emulator/wechat/pay/h5\\?prepay_id=wx`));
    expect(await confirm({ jsapi: inWechat.data.pay })).toBe('ok');
    const prepay = new URL(inBrowser.data.mweb_url).searchParams.get('prepay_id');
    expect(await confirm({ prepay_id: prepay })).toBe('ok');
    expect(
      (await api('GET', `/v3/api/wechat/order/detail?order_sn=${inWechat.data.order_sn}`)).data,
    ).toMatchObject({ order_status: 1, refund: null });
    // The refund call goes to WeChat Pay; its signed refund notification moves the refund to success.
    await vi.waitFor(
      async () => {
        const second = await api('GET', `/v3/api/wechat/order/detail?order_sn=${inBrowser.data.order_sn}`);
        expect(second.data).toMatchObject({ order_status: 2, refund: { status: 'success', amount: 100 } });
      },
      { timeout: 15_000, interval: 200 },
    );
    const mine = await api('POST', '/v2/api/product/order/list', { order_sn: order.data.order_sn });
    expect(mine.data.list[0]).toMatchObject({ state: 'paid' });
  }, 60_000);
});

describe('WECHAT_EMULATOR settings', () => {
  const base = () => {
    const platform = pair();
    const other = pair();
    fs.writeFileSync(path.join(dir, 'unit_pub.pem'), platform.publicKey);
    fs.writeFileSync(path.join(dir, 'unit_platform.pem'), platform.privateKey);
    fs.writeFileSync(path.join(dir, 'unit_other.pem'), other.privateKey);
    return {
      WECHAT_APP_ID: APP_ID,
      WECHAT_APP_SECRET: 's',
      WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE: path.join(dir, 'unit_pub.pem'),
      WECHAT_EMULATOR: '1',
    };
  };

  it('needs the private half of the configured platform key, and only outside production', () => {
    const env = base();
    expect(() => wechatCredentials(env, 'development')).toThrow(EmulatorSettingsError);
    expect(() =>
      wechatCredentials(
        { ...env, WECHAT_EMULATOR_PLATFORM_PRIVATE_KEY_FILE: path.join(dir, 'unit_other.pem') },
        'development',
      ),
    ).toThrow('does not match');
    const ok = wechatCredentials(
      { ...env, WECHAT_EMULATOR_PLATFORM_PRIVATE_KEY_FILE: path.join(dir, 'unit_platform.pem') },
      'development',
    );
    expect([ok.emulator, ok.sandbox, Boolean(ok.emulatorPlatformPrivateKey)]).toEqual([true, false, true]);
    expect(wechatCredentials({ ...env, WECHAT_EMULATOR: '' }, 'development').emulator).toBe(false);
  });
});
