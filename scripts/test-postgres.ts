/**
 * The server suite on PostgreSQL (`npm run test:postgres`): starts a throw-away PostgreSQL and Redis
 * (scripts/services.ts, installed from Debian's packages when missing), runs the server test files whose code is on
 * the query builder with TEST_DATABASE_URL set (each test server then gets a fresh seeded PostgreSQL database), then on
 * their own the suites of several nodes (CLUSTER_SUITES: two server processes on PostgreSQL and Redis, and the Redis
 * shared state, with TEST_REDIS_URL set), and stops both. Extra arguments replace the lists of test files.
 */
import { spawnSync } from 'node:child_process';
import { startPostgres, startRedis } from './services.ts';

/** Server test files whose every query runs on the query builder (the list grows as domains move over). */
export const POSTGRES_SUITES = [
  'server/db/portable.test.ts',
  'server/voting/cast.test.ts',
  'server/shop/shop.test.ts',
  'server/downloads/downloads.test.ts',
  'server/engagement/engagement.test.ts',
  'server/accounts/code-limits.test.ts',
  'server/accounts/sessions.test.ts',
  'server/accounts/slide.test.ts',
  'server/accounts/routes.test.ts',
  'server/voting/routes.test.ts',
  'server/voting/rankings.test.ts',
  'server/chat/routes.test.ts',
  'server/chat/moderation.test.ts',
  'server/red-packets/packets.test.ts',
  'server/red-packets/transfers.test.ts',
  'server/wechat/payments.test.ts',
  'server/organisations/migration.test.ts',
  'server/security/organisations.test.ts',
  'server/console/figures.test.ts',
  'server/events/viewer-samples.test.ts',
  'server/subtitles/subtitles.test.ts',
  'server/broadcast/broadcast.test.ts',
  'server/broadcast/cloud.test.ts',
];

/** Run after the others, alone: two server processes need the machine's cores to themselves. */
export const CLUSTER_SUITES = [
  'server/shared/state.test.ts',
  'server/cluster.test.ts',
  'server/audience-cluster.test.ts',
  'server/chat/moderation-cluster.test.ts',
  'server/voting/rankings-cluster.test.ts',
];

const files = process.argv.slice(2);
const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
const env = { ...process.env, TEST_DATABASE_URL: postgres.url, TEST_REDIS_URL: redis.url };
const vitest = (suites: string[], ...options: string[]) =>
  spawnSync('npx', ['vitest', 'run', ...options, ...suites], { stdio: 'inherit', env }).status ?? 1;
let status: number;
try {
  status =
    files.length > 0 ? vitest(files) : vitest(POSTGRES_SUITES) || vitest(CLUSTER_SUITES, '--maxWorkers=1');
} finally {
  await Promise.all([postgres.stop(), redis.stop()]);
}
process.exit(status);
