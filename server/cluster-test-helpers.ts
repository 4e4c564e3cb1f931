/**
 * Two server nodes (real processes, as `npm run cluster` runs them) on a fresh seeded copy of the test PostgreSQL
 * database and on the test Redis, for the cross-node suites (cluster.test.ts, audience-cluster.test.ts,
 * chat/moderation-cluster.test.ts), which run in the PostgreSQL step of `npm test` (scripts/test-postgres.ts sets
 * TEST_DATABASE_URL and TEST_REDIS_URL).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNode, type ServerNode } from '../scripts/cluster/node.ts';
import { openData, type Data } from './db/open.ts';
import { testDatabase, type TestDatabase } from './db/test-database.ts';
import { seedDemo } from './seed/demo.ts';
import { connectRedis } from './shared/redis.ts';

export type TwoNodes = {
  a: ServerNode;
  b: ServerNode;
  /** The suite's own connection to the nodes' database (`poolSize` connections). */
  data: Data;
  database: TestDatabase;
  /** The nodes' DIST_DIR (no build: the suites call the API and sockets). */
  distDir: string;
  /** Stops the nodes, closes the connection, drops the database and removes the uploads. */
  stop(): Promise<void>;
};

export async function startTwoNodes(options: {
  databaseUrl: string;
  redisUrl: string;
  poolSize?: number;
  /** Settings of the suite's own on top of the shared ones. */
  env?: NodeJS.ProcessEnv;
}): Promise<TwoNodes> {
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-two-nodes-'));
  // Rate-limit windows and presence of an earlier run on the same Redis would count against this one.
  const redis = connectRedis(options.redisUrl);
  const stale = await redis.keys('livev3:*');
  if (stale.length > 0) await redis.del(...stale);
  await redis.quit();
  const database = await testDatabase(options.databaseUrl, seedDemo);
  const data = await openData({
    databasePath: ':memory:',
    databaseUrl: database.url,
    poolSize: options.poolSize ?? 2,
  });
  const distDir = path.join(uploads, 'no-dist');
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: options.redisUrl,
    NODE_ENV: 'test',
    // One node must accept the stream URLs and upload tokens the other signed.
    STREAM_SECRET: crypto.randomBytes(16).toString('hex'),
    UPLOAD_SECRET: crypto.randomBytes(16).toString('hex'),
    UPLOAD_DIR: uploads,
    DIST_DIR: distDir,
    // The suites open hundreds of sockets from this one address.
    MAX_CONNECTIONS_PER_IP: '0',
    MAX_SOCKETS_PER_IP: '0',
    ...options.env,
  };
  const [a, b] = await Promise.all([startNode('A', env), startNode('B', env)]);
  return {
    a,
    b,
    data,
    database,
    distDir,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await data.close();
      await database.drop();
      fs.rmSync(uploads, { recursive: true, force: true });
    },
  };
}
