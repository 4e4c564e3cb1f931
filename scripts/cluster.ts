/**
 * `npm run cluster`: the app as several stateless nodes on this machine. Starts a throw-away PostgreSQL and Redis
 * (scripts/services.ts: installed from Debian's packages when missing), migrates and seeds the demo, starts two server
 * nodes on free loopback ports sharing them, and nginx in front of them on PORT (8080) serving /livev3/, configured by
 * the deployment example (deploy/nginx/livev3.conf.template). Ctrl-C (or SIGTERM) stops everything and removes the
 * data. `NODES=3` starts more nodes.
 *
 * `--until-stdin-ends`: also stops when its standard input closes, for a parent that may die without a word (the
 * browser suite on the cluster, playwright.cluster.config.ts: its pipe closes even when it is killed).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNginx, startPostgres, startRedis, type Service } from './services.ts';
import { projectRoot, startNode, type ServerNode } from './cluster/node.ts';
import { sharedWechatEmulator } from './cluster/wechat.ts';

const port = Number(process.env.PORT ?? 8080);
const count = Math.max(1, Number(process.env.NODES ?? 2));
const services: Service[] = [];
const nodes: ServerNode[] = [];
let balancer: Service | undefined;
/** The uploaded files and the generated WeChat keys, removed on stop. */
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-cluster-'));
const uploads = path.join(files, 'uploads');
fs.mkdirSync(uploads);

let stopping: Promise<void> | undefined;
/** Stops everything once; a second signal (or the input closing too) waits for the same stop, then exits. */
async function stopAll(code: number): Promise<never> {
  stopping ??= (async () => {
    await balancer?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
    for (const service of services.reverse()) await service.stop();
    fs.rmSync(files, { recursive: true, force: true });
  })();
  await stopping;
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
if (process.argv.includes('--until-stdin-ends')) {
  process.stdin.on('end', () => void stopAll(0));
  process.stdin.resume();
}

function seed(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/seed-cli.ts'], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seeding failed (${code})`))));
  });
}

try {
  // Each kept as soon as it runs, so a stop during the start still removes it.
  const kept = (service: Service) => (services.push(service), service);
  const [postgres, redis] = await Promise.all([startPostgres().then(kept), startRedis().then(kept)]);
  console.log(`PostgreSQL: ${postgres.url}\nRedis: ${redis.url}`);
  await seed(postgres.url);
  const publicOrigin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
  // What every node must share: the database, Redis, the signing secrets, the uploaded files, the public origin.
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    STREAM_SECRET: process.env.STREAM_SECRET ?? crypto.randomBytes(32).toString('hex'),
    UPLOAD_SECRET: process.env.UPLOAD_SECRET ?? crypto.randomBytes(32).toString('hex'),
    UPLOAD_DIR: process.env.UPLOAD_DIR ?? uploads,
    PUBLIC_ORIGIN: publicOrigin,
    // The balancer on this machine: the nodes count each viewer by the address it forwards.
    TRUST_PROXY: 'loopback',
    // Without credentials, one emulator stands in for WeChat for every node.
    ...(process.env.WECHAT_APP_ID || process.env.NODE_ENV === 'production'
      ? {}
      : sharedWechatEmulator(path.join(files, 'wechat'), publicOrigin)),
  };
  const started = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      startNode(String.fromCharCode(65 + i), { ...env, PORT: '' }, (line) => console.log(line)),
    ),
  );
  nodes.push(...started);
  balancer = await startNginx({
    port,
    host: process.env.HOST || '127.0.0.1',
    nodes: nodes.map((node) => ({ host: '127.0.0.1', port: node.port })),
    distDir: process.env.DIST_DIR ?? path.join(projectRoot, 'dist'),
    // The WeChat emulator keeps its orders and tokens in the node that serves it: all of it goes to the first node.
    extra: `location /emulator/ { proxy_pass http://127.0.0.1:${nodes[0].port}; }`,
  });
  for (const node of nodes) {
    void node.exited.then((code) => {
      if (!stopping) console.error(`node ${node.name} exited (${code}); the others go on serving`);
    });
    console.log(`node ${node.name}: ${node.origin}`);
  }
  console.log(
    `\nlivev3 cluster (${count} nodes behind nginx): ${publicOrigin}/livev3/#/pages/home/index?token=demo`,
  );
  console.log('Ctrl-C stops the nodes, Redis and PostgreSQL and removes their data.');
} catch (error) {
  console.error(error);
  await stopAll(1);
}
