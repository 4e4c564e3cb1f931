/**
 * The live room's and voting's browser specs against the app on several nodes: `npm run cluster`'s PostgreSQL and
 * Redis (fresh, seeded), two server nodes and the balancer on E2E_PORT, every request through the balancer.
 * `npm run test:cluster` after a build (the last step of `npm run test:browser`).
 */
import { defineConfig } from '@playwright/test';
import shared from './playwright.config.ts';

const PORT = Number(process.env.E2E_PORT ?? 4318);

/** The specs of the live room (content, access gates, chat and red packets) and of voting. */
export const CLUSTER_SPECS = ['live-room.spec.ts', 'access.spec.ts', 'chat.spec.ts', 'vote.spec.ts'];

export default defineConfig({
  ...shared,
  webServer: {
    // --until-stdin-ends: the cluster stops (nodes, PostgreSQL, Redis, their data) even if this runner is killed.
    command: 'node --import tsx scripts/cluster.ts --until-stdin-ends',
    url: `http://127.0.0.1:${PORT}/livev3/`,
    env: {
      PORT: String(PORT),
      NODE_ENV: 'test',
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
      // As on one node: the tests log in many fresh viewers from this one address.
      RATE_LIMIT_ALLOW: '127.0.0.1',
    },
    // The cluster's own lines (its services, each node's start and any node's error) go to the test output.
    stdout: 'pipe',
    reuseExistingServer: false,
    // PostgreSQL and Redis start, the demo is seeded, then the nodes start.
    timeout: 180_000,
    // SIGTERM to the cluster's process group: the nodes close, then the cluster stops PostgreSQL and Redis.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
  projects: [{ name: 'cluster', testDir: 'tests/e2e', testMatch: CLUSTER_SPECS }],
});
