/**
 * Set-up shared by tests only (no production code imports it): a fresh in-memory server, sessions, and requests with
 * a viewer's token.
 */
import type { InjectOptions } from 'fastify';
import { buildServer, type BuildOptions } from '../app.ts';
import { startSession } from '../accounts/sessions.ts';

export type App = Awaited<ReturnType<typeof buildServer>>;

export async function testServer(options: Partial<BuildOptions> = {}): Promise<App> {
  return buildServer({ databasePath: ':memory:', streamSecret: 'test-stream-secret', ...options });
}

let nextUser = 9000;
/** A new viewer with a session started on the server's clock; answers its id and token. */
export async function newViewer(app: App, nickname = 'abuser'): Promise<{ userId: number; token: string }> {
  const userId = nextUser++;
  await app.sql
    .insertInto('users')
    .values({ id: userId, nickname: `${nickname}-${userId}`, created_at: app.now() })
    .execute();
  return { userId, token: await startSession(app.sql, userId, app.now()) };
}

export async function call(app: App, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  const response = await app.inject({
    ...rest,
    headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return response;
}
