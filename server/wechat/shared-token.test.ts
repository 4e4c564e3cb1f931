/**
 * Several nodes keep one WeChat access token: WeChat invalidates a token a few minutes after a new one is fetched, so
 * nodes fetching their own would keep invalidating each other's. Two clients (two nodes) share one state here.
 */
import { expect, it } from 'vitest';
import { memoryState } from '../shared/state.ts';
import { WechatClient, type Transport } from './client.ts';
import { wechatCredentials } from './credentials.ts';
import { systemClock } from '../clock.ts';

it('two nodes share one token; a token WeChat refused is replaced once, for both', async () => {
  let issued = 0;
  let valid = '';
  const transport: Transport = async (url) => {
    const json = (body: unknown) => ({ status: 200, headers: {}, body: Buffer.from(JSON.stringify(body)) });
    if (url.includes('/cgi-bin/token')) {
      valid = `token-${++issued}`;
      return json({ access_token: valid, expires_in: 7200 });
    }
    const token = new URL(url).searchParams.get('access_token');
    return json(
      token === valid ? { errcode: 0, value: token } : { errcode: 40001, errmsg: 'invalid credential' },
    );
  };
  const credentials = wechatCredentials({}, 'development', 'http://localhost');
  const shared = memoryState(systemClock);
  const [a, b] = [0, 1].map(() => new WechatClient(credentials, transport, systemClock, () => {}, shared));
  const call = (client: WechatClient) =>
    client.withToken('web', (token) =>
      client.json<{ value: string }>(`${credentials.apiBase}/probe?access_token=${token}`, { method: 'GET' }),
    );

  expect((await call(a)).value).toBe('token-1');
  expect((await call(b)).value).toBe('token-1');
  expect(issued).toBe(1);
  expect(a.fetches.token + b.fetches.token).toBe(1);

  // WeChat drops the token (another fetch elsewhere, or its expiry): B replaces it, A then takes B's new one.
  valid = 'none';
  expect((await call(b)).value).toBe('token-2');
  expect((await call(a)).value).toBe('token-2');
  expect(issued).toBe(2);
});
