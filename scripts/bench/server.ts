/**
 * Server figures: requests/s and p99 latency with autocannon against a started server on loopback (the load
 * generator shares the 2 cores), for the video detail call and for a call that checks the viewer's session.
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { projectRoot } from '../config/check.ts';
import { startServer } from './server-process.ts';
import type { BenchRow } from './types.ts';

type Target = {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  goal?: string;
};

async function load(origin: string, target: Target): Promise<BenchRow[]> {
  const result = await autocannon({
    url: `${origin}${target.path}`,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: 50,
    pipelining: 1,
    duration: 5,
  });
  const failures = result.non2xx + result.errors;
  return [
    {
      group: 'server (autocannon, 50 connections, 5 s)',
      name: `${target.name} req/s`,
      value: Math.round(result.requests.average),
      unit: 'req/s',
      goal: target.goal,
    },
    {
      group: 'server (autocannon, 50 connections, 5 s)',
      name: `${target.name} p99 latency`,
      value: result.latency.p99,
      unit: 'ms',
    },
    {
      group: 'server (autocannon, 50 connections, 5 s)',
      name: `${target.name} failed responses`,
      value: failures,
      unit: '',
      goal: '0',
    },
  ];
}

/** A session token for the demo organiser, made by the SMS login when that endpoint exists. */
async function demoToken(origin: string): Promise<string | undefined> {
  const phone = '13800000000';
  const send = await fetch(`${origin}/v3/api/phone/sms/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone }),
  }).catch(() => undefined);
  if (!send?.ok) return undefined;
  const last = (await (await fetch(`${origin}/dev/sms/last?phone=${phone}`)).json().catch(() => null)) as {
    data?: { code?: string };
  } | null;
  const code = last?.data?.code;
  if (!code) return undefined;
  const login = (await (
    await fetch(`${origin}/v3/api/login/phone/sms`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone, code }),
    })
  ).json()) as { data?: { token?: string } };
  return login.data?.token;
}

/** Reference on the same machine and load: a bare Fastify JSON route in its own process. */
async function bareFastify(): Promise<BenchRow[]> {
  const script = `const f=require('fastify')();f.get('/x',async()=>({xcode:200,msg:'ok',data:{hello:'world'}}));f.listen({port:0,host:'127.0.0.1'}).then(a=>console.log(a))`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
  try {
    return await load(origin, { name: 'reference: bare Fastify JSON', path: '/x' });
  } finally {
    child.kill();
  }
}

export async function run(): Promise<BenchRow[]> {
  const reference = await bareFastify();
  const server = await startServer();
  try {
    const rows = [...reference];
    rows.push(
      ...(await load(server.origin, {
        name: 'GET /v3/api/video/detail',
        path: '/v3/api/video/detail?token=demo',
        goal: '>= 15000',
      })),
    );
    const token = await demoToken(server.origin);
    const authorised = { Authorization: `Bearer ${token ?? ''}` };
    rows.push(
      ...(token
        ? await load(server.origin, {
            name: 'POST /v3/api/user/info (logged in)',
            path: '/v3/api/user/info',
            method: 'POST',
            headers: { ...authorised, 'Content-Type': 'application/json' },
            body: '{}',
          })
        : []),
    );
    return rows;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await run());
