/**
 * Abuse tests of the payment setup (security items 2 and 3):
 * - NODE_ENV=production without the WeChat pay settings: the real process exits 1 with one line naming each
 *   missing setting; with them it starts and has no emulator, sandbox or /dev/* route.
 * - A 512 KB or 1 MB payment notification is refused (413) before it is parsed and does not stall other requests.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import {
  freePort,
  productionSmsSettings,
  productionWechatSettings,
  startProcess,
} from '../security/test-helpers.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-guards-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs server/main.ts with `env`; resolves when it exits or prints that it runs. */
function run(env: Record<string, string>, port: number) {
  return startProcess(port, {
    PATH: process.env.PATH ?? '',
    DATABASE_PATH: path.join(dir, `guard-${port}.db`),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    DIST_DIR: path.join(dir, 'no-dist'),
    STREAM_SECRET: 'stream-secret-for-the-test-0123456789',
    UPLOAD_SECRET: 'upload-secret-for-the-test-0123456789',
    ...env,
  });
}

describe('production start-up', () => {
  it('names a missing stream secret in the same one line as the pay settings', async () => {
    const { done } = run(
      { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://live.example', STREAM_SECRET: '' },
      await freePort(),
    );
    const { code, stderr } = await done;
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('STREAM_SECRET');
    expect(lines[0]).toContain('WECHAT_APP_ID');
  });

  it('refuses to start without the pay settings: exit 1, one line naming each', async () => {
    const { done } = run({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://live.example' }, await freePort());
    const { code, stderr } = await done;
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    for (const name of [
      'WECHAT_APP_ID',
      'WECHAT_APP_SECRET',
      'WECHAT_MCH_ID',
      'WECHAT_PAY_API_V3_KEY',
      'WECHAT_PAY_PRIVATE_KEY_FILE',
      'WECHAT_PAY_SERIAL_NO',
      'WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE',
      'WECHAT_PAY_PLATFORM_SERIAL',
    ])
      expect(lines[0]).toContain(name);
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  }, 30_000);

  it('an app id and secret alone (the old check) are not enough: the pay key and merchant key are named', async () => {
    const { done } = run(
      {
        NODE_ENV: 'production',
        WECHAT_APP_ID: 'wx1',
        WECHAT_APP_SECRET: 's',
        PUBLIC_ORIGIN: 'https://live.example',
      },
      await freePort(),
    );
    const { code, stderr } = await done;
    expect(code).toBe(1);
    expect(stderr).toContain('WECHAT_PAY_API_V3_KEY');
    expect(stderr).not.toContain('WECHAT_APP_ID,');
  }, 30_000);

  it('with every setting it starts, and no emulator, sandbox or /dev route exists', async () => {
    const settings = { ...productionWechatSettings(dir), ...productionSmsSettings() };
    const port = await freePort();
    const { child, done } = run(
      {
        NODE_ENV: 'production',
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        ...settings,
        // The rehearsal switch is ignored in production.
        WECHAT_EMULATOR: '1',
      },
      port,
    );
    try {
      const { code, stderr } = await done;
      expect(code, stderr).toBeNull();
      for (const url of [
        '/emulator/wechat/jweixin.js',
        '/emulator/wechat/code',
        '/emulator/wechat/pay/confirm',
        '/emulator/wechat/control',
        '/emulator/wechat/api/cgi-bin/token?grant_type=client_credential&appid=wx1234567890abcdef&secret=app-secret',
        '/emulator/wechat/pay/h5?prepay_id=x',
        '/dev/sms/last?phone=13800000000',
        '/emulator/sms/',
        '/emulator/sms/inbox?phone=13800000000',
        '/dev/redpack/expire',
      ]) {
        const get = await fetch(`http://127.0.0.1:${port}${url}`);
        const post = await fetch(`http://127.0.0.1:${port}${url}`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        });
        expect([get.status, post.status], url).toEqual([404, 404]);
      }
      // The app's JS-SDK entry leads to WeChat's own script, not the emulator's shim.
      const sdk = await fetch(`http://127.0.0.1:${port}/wechat/jweixin.js`, { redirect: 'manual' });
      expect([sdk.status, sdk.headers.get('location')]).toEqual([
        302,
        'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
      ]);
      // The login entry goes to WeChat's own authorise page.
      const entry = await fetch(
        `http://127.0.0.1:${port}/v3/api/user/login/wx?callback=${encodeURIComponent(`http://127.0.0.1:${port}/livev3/`)}&token=demo`,
        { redirect: 'manual' },
      );
      expect(entry.headers.get('location')).toMatch(
        /^https:\/\/open\.weixin\.qq\.com\/connect\/oauth2\/authorize\?appid=wx1234567890abcdef&.*#wechat_redirect$/,
      );
    } finally {
      child.kill('SIGTERM');
    }
  }, 40_000);
});

describe('oversized notifications', () => {
  /** One POST of `size` bytes to the notification route over a real socket; status and time taken. */
  function postBody(port: number, size: number, contentType: string) {
    return new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const started = performance.now();
      // The shape the old parser chewed on for seconds: many unclosed CDATA sections.
      const chunk = '<a><![CDATA[';
      const body = `<xml>${chunk.repeat(Math.ceil(size / chunk.length))}`.slice(0, size);
      const request = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/v3/api/wechat/pay/notify',
          headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
          );
        },
      );
      request.on('error', (error) => {
        // The server may close the connection after answering 413 while the body is still being written.
        if (
          (error as NodeJS.ErrnoException).code === 'EPIPE' ||
          (error as NodeJS.ErrnoException).code === 'ECONNRESET'
        )
          resolve({ status: 413, ms: performance.now() - started });
        else reject(error);
      });
      request.end(body);
    });
  }

  it('512 KB and 1 MB bodies get 413 quickly; requests meanwhile keep their pace', async () => {
    const app = await buildServer({ databasePath: ':memory:', mode: 'test' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    try {
      const probe = async () => {
        const started = performance.now();
        const answer = await fetch(`http://127.0.0.1:${port}/v3/api/video/detail?token=demo`);
        expect(answer.status).toBe(200);
        return performance.now() - started;
      };
      await probe();
      const attacks = [
        postBody(port, 512 * 1024, 'text/xml'),
        postBody(port, 1024 * 1024, 'text/xml'),
        postBody(port, 512 * 1024, 'application/json'),
        postBody(port, 1024 * 1024 - 1, 'application/json'),
      ];
      const probes: number[] = [];
      for (let index = 0; index < 10; index++) probes.push(await probe());
      const results = await Promise.all(attacks);
      expect(results.map((result) => result.status)).toEqual([413, 413, 413, 413]);
      for (const result of results) expect(result.ms).toBeLessThan(1500);
      // Other requests were never held up behind the notification bodies (they took 2-9 s before).
      expect(Math.max(...probes)).toBeLessThan(1000);
    } finally {
      await app.close();
    }
  }, 30_000);
});
