/**
 * PostgreSQL, Redis and nginx for the scale-out runs (the PostgreSQL test run, `npm run cluster`, the cluster bench
 * rows): installed from Debian's packages when missing (apt-get, as root or with sudo -n, like install-browser.ts),
 * then started as an unprivileged user in a fresh temporary directory on free loopback ports, and stopped (directory
 * removed) by `stop()`. Nothing is left behind and no system service is touched.
 *
 * As a command: `node --import tsx scripts/services.ts [postgres] [redis]` starts them, prints DATABASE_URL /
 * REDIS_URL and keeps them up until interrupted.
 */
import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Service = { url: string; stop(): Promise<void> };

/** Whether `command` runs and succeeds (a tool is installed, a package is present). */
export function has(command: string): boolean {
  try {
    execSync(command, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** libfaketime's command (Debian's faketime): runs a program with its clock moved (scripts/test-later.ts). */
export const FAKETIME = '/usr/bin/faketime';

/** The newest installed PostgreSQL's bin directory, or null. */
function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((name) => fs.existsSync(path.join(root, name, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0], 'bin') : null;
}

/** Debian's nginx and the module that serves the build's brotli copies (deploy/nginx/livev3.conf.template). */
const NGINX = '/usr/sbin/nginx';
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

function redisBin(): string | null {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server'])
    if (fs.existsSync(candidate)) return candidate;
  return null;
}

/** Installs the Debian packages of whatever is missing (root or passwordless sudo). */
export function ensureInstalled(what: {
  postgres?: boolean;
  redis?: boolean;
  faketime?: boolean;
  nginx?: boolean;
}): void {
  const missing: string[] = [];
  if (what.nginx && !fs.existsSync(NGINX)) missing.push('nginx');
  if (what.nginx && !fs.existsSync(BROTLI_STATIC)) missing.push('libnginx-mod-http-brotli-static');
  if (what.postgres && !postgresBin()) missing.push('postgresql');
  if (what.redis && !redisBin()) missing.push('redis-server');
  if (what.faketime && !fs.existsSync(FAKETIME)) missing.push('faketime');
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? '' : has('sudo -n true') ? 'sudo -n ' : null;
  if (sudo === null) throw new Error(`Needs ${missing.join(', ')}: install them with apt-get as root.`);
  console.log(`Installing ${missing.join(', ')} with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Debian's postinst scripts would start system-wide services: policy-rc.d (exit 101) keeps them stopped.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = isRoot && !fs.existsSync(policy);
  if (ownPolicy) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
    execSync(`${sudo}apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`, {
      stdio: 'inherit',
      env,
    });
  } finally {
    if (ownPolicy) fs.rmSync(policy, { force: true });
  }
}

/**
 * The account the services run as: the current one, or (PostgreSQL refuses to run as root) the `postgres` account of
 * the package, else `nobody`.
 */
function runAs(): { prefix: string[]; uid: number; gid: number } {
  const uid = process.getuid?.() ?? 0;
  if (uid !== 0) return { prefix: [], uid, gid: process.getgid?.() ?? 0 };
  for (const name of ['postgres', 'nobody']) {
    try {
      const id = (flag: string) => Number(execFileSync('id', [flag, name]).toString().trim());
      return { prefix: ['runuser', '-u', name, '--'], uid: id('-u'), gid: id('-g') };
    } catch {
      // no such account
    }
  }
  throw new Error('No unprivileged account to run the services as');
}

function tempDir(prefix: string, owner: { uid: number; gid: number }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chownSync(dir, owner.uid, owner.gid);
  return dir;
}

function run(prefix: string[], command: string, args: string[]): string {
  const [file, ...rest] = [...prefix, command, ...args];
  return execFileSync(file, rest, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start within ${ms} ms`);
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A throw-away PostgreSQL cluster (trust authentication on loopback only, fsync off: test and demo data) with a
 * database `livev3`.
 */
export async function startPostgres(): Promise<Service> {
  ensureInstalled({ postgres: true });
  const bin = postgresBin() as string;
  const user = runAs();
  const dir = tempDir('livev3-pg-', user);
  const data = path.join(dir, 'data');
  const port = await freePort();
  run(user.prefix, path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'livev3',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-locale',
  ]);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  run(user.prefix, path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-o',
    options,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
  ]);
  const stop = async () => {
    try {
      run(user.prefix, path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(user.prefix, path.join(bin, 'createdb'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'livev3',
      'livev3',
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://livev3@127.0.0.1:${port}/livev3`, stop };
}

/** A throw-away Redis (no persistence) on a free loopback port. */
export async function startRedis(): Promise<Service> {
  ensureInstalled({ redis: true });
  const user = runAs();
  const dir = tempDir('livev3-redis-', user);
  const port = await freePort();
  const [file, ...args] = [
    ...user.prefix,
    redisBin() as string,
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ];
  const child: ChildProcess = spawn(file, args, { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    // It may have gone already: a signal to the whole process group (a test runner stopping its server) ends it too.
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(() => connects(port), 'Redis');
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, stop };
}

/** The shipped deployment example of nginx in front of the nodes, rendered for a local balancer by startNginx. */
export const NGINX_TEMPLATE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../deploy/nginx/livev3.conf.template',
);

/** Fills the template's ${NAME} placeholders as envsubst does; a placeholder without a value is an error. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for \${${name}} in ${NGINX_TEMPLATE}`);
    return value;
  });
}

export type Balancer = Service & { port: number };

/**
 * nginx on `port` in front of `nodes`, with the shipped configuration (deploy/nginx/livev3.conf.template): the
 * balancer of `npm run cluster` and of the cross-node suites. `distDir`: the built app whose assets it serves itself;
 * `extra`: more locations (the emulators' paths, which live in one node).
 */
export async function startNginx(options: {
  port: number;
  host?: string;
  nodes: { host: string; port: number }[];
  distDir: string;
  extra?: string;
}): Promise<Balancer> {
  ensureInstalled({ nginx: true });
  // nginx runs as the account that runs this (its workers too: `user` below when that is root), since it reads the
  // build where the project is, which may be a folder only that account can read (a fresh clone in a private folder).
  const uid = process.getuid?.() ?? 0;
  const dir = tempDir('livev3-nginx-', { uid, gid: process.getgid?.() ?? 0 });
  const site = renderTemplate(fs.readFileSync(NGINX_TEMPLATE, 'utf8'), {
    LIVEV3_LISTEN: `${options.host ?? '127.0.0.1'}:${options.port}`,
    LIVEV3_NODES: options.nodes
      .map((node) => `server ${node.host}:${node.port} max_fails=1 fail_timeout=2s;`)
      .join('\n    '),
    LIVEV3_DIST: path.resolve(options.distDir),
    LIVEV3_EXTRA: options.extra ?? '',
  });
  fs.writeFileSync(path.join(dir, 'livev3.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      `load_module ${BROTLI_STATIC};`,
      ...(uid === 0 ? ['user root;'] : []),
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      'error_log stderr error;',
      'events { worker_connections 8192; }',
      'http {',
      '    include /etc/nginx/mime.types;',
      '    default_type application/octet-stream;',
      '    access_log off;',
      `    ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n    ')}`,
      `    include ${path.join(dir, 'livev3.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      waitFor(() => connects(options.port), 'nginx'),
      exited.then(() => {
        throw new Error(`nginx stopped: ${errors.trim()}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${options.port}`, port: options.port, stop };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wanted = process.argv.slice(2);
  const all = wanted.length === 0;
  const services: Service[] = [];
  const stopAll = async () => {
    for (const service of services.reverse()) await service.stop();
    process.exit(0);
  };
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
  if (all || wanted.includes('postgres')) {
    const postgres = await startPostgres();
    services.push(postgres);
    console.log(`DATABASE_URL=${postgres.url}`);
  }
  if (all || wanted.includes('redis')) {
    const redis = await startRedis();
    services.push(redis);
    console.log(`REDIS_URL=${redis.url}`);
  }
  console.log('Running; Ctrl-C stops them and removes their data.');
  setInterval(() => undefined, 1 << 30);
}
