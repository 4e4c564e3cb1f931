/** The probes a balancer reads: live while the process runs, ready while the database answers and not shutting down. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer } from './app.ts';

let app: Awaited<ReturnType<typeof buildServer>>;
beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:' });
});
afterAll(() => app.close());

it('answers live and ready, uncached', async () => {
  for (const [url, status] of [
    ['/health', 'live'],
    ['/ready', 'ready'],
  ]) {
    const answer = await app.inject({ url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({ xcode: 200, msg: 'ok', data: { status } });
  }
});

it('is not ready once the database is gone', async () => {
  const broken = await buildServer({ databasePath: ':memory:' });
  await broken.sql.destroy();
  const answer = await broken.inject({ url: '/ready' });
  expect(answer.statusCode).toBe(503);
  expect(answer.json()).toMatchObject({ xcode: 503, data: { problems: ['database unavailable'] } });
  await broken.close().catch(() => undefined);
});
