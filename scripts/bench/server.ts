/**
 * Server figures: requests/s and p99 latency with autocannon against a started server on loopback (the load
 * generator shares the 2 cores), for the video detail call and for a call that checks the viewer's session.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/db/database.ts';
import { projectRoot } from '../config/check.ts';
import { startServer } from './server-process.ts';
import { benchLogins } from './sessions.ts';
import type { BenchRow } from './types.ts';

type Target = {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  goal?: string;
};

const GROUP = 'server (autocannon, 50 connections, 5 s rounds)';
type Measure = { rps: number; p99: number; failures: number; cpuUs: number };

/** CPU time (user + system) a process has used, in µs, from /proc (Linux); 0 elsewhere. */
function cpuTimeUs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

/**
 * One 5 s run. Besides req/s (bounded by the load generator on a shared machine), the server's own CPU time per
 * answered request: what the server costs, whoever else is busy.
 */
async function measure(origin: string, pid: number, target: Target): Promise<Measure> {
  const cpuBefore = cpuTimeUs(pid);
  const result = await autocannon({
    url: `${origin}${target.path}`,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: 50,
    pipelining: 1,
    duration: 5,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
    cpuUs: (cpuTimeUs(pid) - cpuBefore) / Math.max(1, result.requests.total),
  };
}

/** Rows for one target from several rounds: mean req/s, worst p99, all failures. */
function rowsOf(target: Target, rounds: Measure[]): BenchRow[] {
  const rps = rounds.reduce((sum, round) => sum + round.rps, 0) / rounds.length;
  return [
    { group: GROUP, name: `${target.name} req/s`, value: Math.round(rps), unit: 'req/s', goal: target.goal },
    {
      group: GROUP,
      name: `${target.name} p99 latency`,
      value: Math.max(...rounds.map((r) => r.p99)),
      unit: 'ms',
    },
    {
      group: GROUP,
      name: `${target.name} server CPU per request`,
      value: Math.round((10 * rounds.reduce((sum, round) => sum + round.cpuUs, 0)) / rounds.length) / 10,
      unit: 'µs',
    },
    {
      group: GROUP,
      name: `${target.name} failed responses`,
      value: rounds.reduce((sum, round) => sum + round.failures, 0),
      unit: '',
      goal: '0',
    },
  ];
}

/** A session token for the demo organiser, made by the SMS login when that endpoint exists. */
/**
 * A session for the demo event's organiser, written into the server's database (the login endpoints are rate limited
 * and need the slide check, as they should).
 */
function demoToken(databasePath: string): string {
  const db = openDatabase(databasePath);
  try {
    const owner = db
      .prepare<[], { owner_id: number }>("SELECT owner_id FROM events WHERE token = 'demo'")
      .get();
    if (!owner) throw new Error('the demo event is missing from the bench database');
    return benchLogins(db)(owner.owner_id);
  } finally {
    db.close();
  }
}

/** Reference on the same machine and load: a bare Fastify JSON route in its own process. */
async function startBareFastify(): Promise<{ origin: string; pid: number; stop(): void }> {
  const script = `const f=require('fastify')();f.get('/x',async()=>({xcode:200,msg:'ok',data:{hello:'world'}}));f.listen({port:0,host:'127.0.0.1'}).then(a=>console.log(a))`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
  return { origin, pid: child.pid ?? 0, stop: () => child.kill() };
}

const ROUNDS = 2;

/**
 * The detail call and the bare-Fastify reference run in alternating rounds, so a change in the machine's load (it
 * is shared) moves both figures alike; the ratio row compares them within the same run.
 */
export async function run(): Promise<BenchRow[]> {
  const bare = await startBareFastify();
  const server = await startServer();
  const reference: Target = { name: 'reference: bare Fastify JSON', path: '/x' };
  const detail: Target = {
    name: 'GET /v3/api/video/detail',
    path: '/v3/api/video/detail?token=demo&locale=zh-CN',
    goal: '>= 15000',
  };
  try {
    const referenceRounds: Measure[] = [];
    const detailRounds: Measure[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      referenceRounds.push(await measure(bare.origin, bare.pid, reference));
      detailRounds.push(await measure(server.origin, server.pid, detail));
    }
    const rows = [...rowsOf(reference, referenceRounds), ...rowsOf(detail, detailRounds)];
    const mean = (rounds: Measure[], pick: (round: Measure) => number) =>
      rounds.reduce((sum, round) => sum + pick(round), 0) / rounds.length;
    rows.push({
      group: GROUP,
      name: 'GET /v3/api/video/detail req/s vs bare Fastify',
      value: Math.round(
        (100 * mean(detailRounds, (r) => r.rps)) /
          Math.max(
            1,
            mean(referenceRounds, (r) => r.rps),
          ),
      ),
      unit: '%',
    });
    const userInfo: Target = {
      name: 'POST /v3/api/user/info (logged in)',
      path: '/v3/api/user/info',
      method: 'POST',
      headers: {
        Authorization: `Bearer ${demoToken(server.databasePath)}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    };
    // The session must hold: an envelope error answers HTTP 200 too, and would be counted as served.
    const check = await fetch(`${server.origin}${userInfo.path}`, { ...userInfo, method: 'POST' });
    const answer = (await check.json()) as { xcode?: number };
    if (answer.xcode !== 200)
      throw new Error(`user/info refused the bench session: ${JSON.stringify(answer)}`);
    rows.push(...rowsOf(userInfo, [await measure(server.origin, server.pid, userInfo)]));
    return rows;
  } finally {
    bare.stop();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await run());
