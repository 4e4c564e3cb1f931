/**
 * Probes for a load balancer or orchestrator in front of several nodes:
 * - `GET /health` (liveness): the process answers; 200 while it runs.
 * - `GET /ready` (readiness): the node can serve viewers: the database answers a query and, with REDIS_URL, Redis a
 *   ping; 503 when one does not, and from the moment the node starts shutting down (a balancer then sends new viewers
 *   elsewhere while in-flight requests finish).
 * Both answer the envelope and are never cached.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql as raw } from 'kysely';
import type { Sql } from './db/sql.ts';
import { XCODE } from './envelope.ts';

/** The envelope's code of a node that cannot serve now (the HTTP status too). */
const NOT_READY = 503;
/** How long a dependency may take to answer before the node is reported not ready. */
const PROBE_TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function healthRoutes(app: FastifyInstance, deps: { sql: Sql; redis: Redis | null }): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.get('/health', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { xcode: XCODE.ok, msg: 'ok', data: { status: 'live' } };
  });
  app.get('/ready', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const problems: string[] = [];
    if (closing) problems.push('shutting down');
    else {
      const checks: [string, Promise<unknown>][] = [
        ['database', within(raw`select 1`.execute(deps.sql), 'the database')],
      ];
      if (deps.redis) checks.push(['redis', within(deps.redis.ping(), 'Redis')]);
      const results = await Promise.allSettled(checks.map(([, check]) => check));
      results.forEach((result, i) => {
        if (result.status === 'rejected') {
          problems.push(`${checks[i][0]} unavailable`);
          request.log.error(result.reason);
        }
      });
    }
    if (problems.length > 0)
      return reply
        .code(NOT_READY)
        .send({ xcode: NOT_READY, msg: problems.join(', '), data: { status: 'not ready', problems } });
    return { xcode: XCODE.ok, msg: 'ok', data: { status: 'ready' } };
  });
}
