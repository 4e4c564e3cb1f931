/**
 * The server suite on PostgreSQL (`npm run test:postgres`): starts a throw-away PostgreSQL (scripts/services.ts,
 * installed from Debian's packages when missing), runs the server test files whose code is on the query builder with
 * TEST_DATABASE_URL set (each test server then gets a fresh seeded PostgreSQL database), and stops it.
 * Extra arguments replace the list of test files.
 */
import { spawnSync } from 'node:child_process';
import { startPostgres } from './services.ts';

/** Server test files whose every query runs on the query builder (the list grows as domains move over). */
export const POSTGRES_SUITES = [
  'server/db/portable.test.ts',
  'server/vote/cast.test.ts',
  'server/shop/shop.test.ts',
  'server/shop/downloads.test.ts',
  'server/engagement/engagement.test.ts',
];

const files = process.argv.slice(2);
const postgres = await startPostgres();
let status: number;
try {
  const result = spawnSync('npx', ['vitest', 'run', ...(files.length > 0 ? files : POSTGRES_SUITES)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: postgres.url },
  });
  status = result.status ?? 1;
} finally {
  await postgres.stop();
}
process.exit(status);
