/**
 * The development log: one readable line per API call, none per static file or stream segment, and the start's last
 * words are where to go and how to log in. Production keeps JSON lines.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildServer } from './app.ts';
import { formatLogLine, isLoggedRequest, loggerFor, startBanner } from './dev-log.ts';

describe('which requests get a line', () => {
  it('API calls and the development pages, whatever their answer', () => {
    for (const url of [
      '/v3/api/video/detail?token=demo',
      '/v2/api/user/info',
      '/dev/sms/last?phone=13900000000',
      '/emulator/wechat/open/connect/oauth2/authorize?appid=x',
      '/emulator/wechat/jweixin.js',
    ]) {
      expect(isLoggedRequest(url, 200), url).toBe(true);
      expect(isLoggedRequest(url, 404), url).toBe(true);
    }
  });

  it('no static file, stream playlist or segment, upload or probe, unless the server failed on it', () => {
    for (const url of [
      '/livev3/',
      '/livev3/assets/index-abc123.js',
      '/livev3/favicon.svg',
      '/streams/demo/360p/index.m3u8?exp=1&sig=x',
      '/streams/demo/360p/seg08.ts?exp=1&sig=x',
      '/uploads/livev3/1/20260101/a/photo.jpg',
      '/health',
      '/socket.io/?EIO=4&transport=polling',
      '/livev3/v3/api-lookalike.js',
    ]) {
      expect(isLoggedRequest(url, 200), url).toBe(false);
      expect(isLoggedRequest(url, 403), url).toBe(false);
      expect(isLoggedRequest(url, 500), url).toBe(true);
    }
  });
});

describe('a log line', () => {
  const at = new Date(2026, 11, 1, 9, 30, 5).getTime();

  it('is a request in one line: time, method, address, status, duration', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      reqId: 'req-1',
      request: { method: 'GET', url: '/v3/api/video/detail?token=demo', status: 200, ms: 14 },
      msg: 'request',
    });
    expect(formatLogLine(line)).toBe('09:30:05 GET /v3/api/video/detail?token=demo 200 14 ms');
  });

  it('shortens a very long address', () => {
    const url = `/v3/api/video/detail?token=${'x'.repeat(300)}`;
    const line = JSON.stringify({ level: 30, time: at, request: { method: 'GET', url, status: 200, ms: 1 } });
    const shown = formatLogLine(line);
    expect(shown.length).toBeLessThan(200);
    expect(shown).toContain('… 200 1 ms');
  });

  it('names warnings and errors and keeps an error’s stack', () => {
    expect(formatLogLine(JSON.stringify({ level: 30, time: at, msg: 'Server listening' }))).toBe(
      '09:30:05 Server listening',
    );
    expect(formatLogLine(JSON.stringify({ level: 40, time: at, msg: 'slow' }))).toBe('09:30:05 WARN slow');
    const failed = formatLogLine(
      JSON.stringify({
        level: 50,
        time: at,
        msg: 'boom',
        err: { message: 'boom', stack: 'Error: boom\n    at x' },
      }),
    );
    expect(failed).toBe('09:30:05 ERROR boom\nError: boom\n    at x');
  });

  it('passes anything that is not JSON through', () => {
    expect(formatLogLine('plain text\n')).toBe('plain text');
  });
});

describe('the server', () => {
  afterEach(() => vi.restoreAllMocks());

  /** What the server wrote to standard output while `run` ran. */
  async function output(
    logger: boolean | 'dev',
    run: (app: Awaited<ReturnType<typeof buildServer>>) => Promise<void>,
  ) {
    const app = await buildServer({ databasePath: ':memory:', mode: 'test', logger });
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await run(app);
    } finally {
      spy.mockRestore();
      await app.close();
    }
    return written.join('').split('\n').filter(Boolean);
  }

  const session = async (app: Awaited<ReturnType<typeof buildServer>>) => {
    await app.inject({ url: '/livev3/' });
    await app.inject({ url: '/streams/vod/demo/cover.jpg' });
    await app.inject({ url: '/streams/demo/360p/seg08.ts' });
    await app.inject({ url: '/health' });
    await app.inject({ url: '/v3/api/video/detail?token=demo' });
    await app.inject({ url: '/v3/api/no/such/call' });
  };

  it('in development writes one readable line per API call and none for files, streams or probes', async () => {
    const lines = await output('dev', session);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d GET \/v3\/api\/video\/detail\?token=demo 200 \d+ ms$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d GET \/v3\/api\/no\/such\/call 404 \d+ ms$/);
  });

  it('in production keeps Fastify’s JSON request lines; tests log nothing', async () => {
    expect(loggerFor('production')).toBe(true);
    expect(loggerFor('development')).toBe('dev');
    expect(loggerFor('test')).toBe(false);
    const production = await buildServer({ databasePath: ':memory:', mode: 'test', logger: true });
    try {
      expect(production.initialConfig.disableRequestLogging).toBe(false);
      expect(production.log.level).toBe('info');
    } finally {
      await production.close();
    }
  });
});

it('the start ends with where to go and how to log in', () => {
  const banner = startBanner('http://localhost:8080');
  expect(banner).toContain('http://localhost:8080/livev3/#/pages/home/index?token=demo');
  expect(banner).toContain('http://localhost:8080/livev3/#/pages/login/index?token=demo');
  expect(banner).toMatch(/the form shows the code/);
  expect(banner).toMatch(/WeChat/);
  expect(banner).toContain('README.md, "Trying the demo"');
});
