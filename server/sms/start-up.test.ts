/**
 * Production and phone codes, on the real process (server/main.ts): without the SMS settings it refuses to start,
 * exit 1, with one line naming each missing setting and the way out; with PHONE_CODES=off it starts without them,
 * and the send-code call tells the viewer, in their language, that phone codes are not offered.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, productionWechatSettings, startProcess } from '../security/test-helpers.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-sms-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Starts server/main.ts in production with the WeChat settings and `env`; resolves on exit or once it runs. */
function start(env: Record<string, string>, port: number) {
  return startProcess(port, {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATABASE_PATH: path.join(dir, `sms-${port}.db`),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    DIST_DIR: path.join(dir, 'no-dist'),
    RTMP_PORT: '0',
    STREAM_SECRET: 'stream-secret-for-the-test-0123456789',
    ...productionWechatSettings(dir),
    ...env,
  });
}

describe('production and phone codes', () => {
  it('refuses to start without the SMS settings, naming each and PHONE_CODES=off', async () => {
    const { code, stderr } = await start({}, await freePort()).done;
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('livev3 cannot start with NODE_ENV=production: missing settings:');
    for (const name of [
      'SMS_SECRET_ID',
      'SMS_SECRET_KEY',
      'SMS_SDK_APP_ID',
      'SMS_SIGN_NAME',
      'SMS_TEMPLATE_ID',
    ])
      expect(lines[0]).toContain(name);
    expect(lines[0]).toContain('PHONE_CODES=off');
    expect(lines[0]).not.toContain('WECHAT_');
  }, 30_000);

  it('with PHONE_CODES=off it starts, and a code request is told phone codes are not offered', async () => {
    const port = await freePort();
    const { child, done } = start({ PHONE_CODES: 'off' }, port);
    try {
      const { code, stderr } = await done;
      expect(code, stderr).toBeNull();
      const ask = async (locale: string) =>
        (
          await fetch(`http://127.0.0.1:${port}/v3/api/phone/sms/login?locale=${locale}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ phone: '13800000000', ticket: 'any' }),
          })
        ).json();
      expect(await ask('en')).toEqual({
        xcode: 403,
        msg: 'Phone codes are not offered on this site, please log in with WeChat or e-mail',
        data: null,
      });
      expect((await ask('zh-CN')).msg).toBe('本站未开通手机验证码，请使用微信或邮箱登录');
    } finally {
      child.kill('SIGTERM');
    }
  }, 40_000);
});
