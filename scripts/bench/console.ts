/**
 * The organiser console's figures: its first load (entry and its static imports, gzipped, from the console's Vite
 * manifest; nothing of it is in the viewer app's first load), and its event list at 10,000 events of one
 * organisation: pages at the start, middle and end of each sort, and a title search, with autocannon against a
 * started server (the load generator shares the machine's cores). Goal: p99 < 50 ms per page.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/db/database.ts';
import { projectRoot } from '../config/check.ts';
import { staticClosure, type ManifestChunk } from './client.ts';
import { startServer } from './server-process.ts';
import { benchLogins } from './sessions.ts';
import type { BenchRow } from './types.ts';

const dist = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(projectRoot, 'dist');
const consoleDist = path.join(dist, 'console');
const EVENTS = 10_000;
const PAGE_SIZE = 20;

/** The console's first load: the entry chunk, what it imports statically, and their CSS, gzipped (level 9). */
export function consoleFirstLoad(): { jsBytes: number; cssBytes: number } {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(consoleDist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const { js, css } = staticClosure(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key].isEntry),
  );
  const gz = (file: string) =>
    zlib.gzipSync(fs.readFileSync(path.join(consoleDist, file)), { level: 9 }).length;
  const sum = (files: string[]) => files.reduce((total, file) => total + gz(file), 0);
  return { jsBytes: sum(js), cssBytes: sum(css) };
}

/** An organisation of 10,000 events and an operator's session, written straight into the server's database. */
function seedOrganisation(databasePath: string): { organisationId: number; token: string } {
  const db = openDatabase(databasePath);
  try {
    return db.transaction(() => {
      const userId = Number(
        db
          .prepare(
            "INSERT INTO users (email, nickname, created_at) VALUES ('console-bench@livev3.test', '主办方', 0)",
          )
          .run().lastInsertRowid,
      );
      const organisationId = Number(
        db.prepare("INSERT INTO organisations (name, created_at) VALUES ('万场活动', 0)").run()
          .lastInsertRowid,
      );
      db.prepare(
        "INSERT INTO organisation_members (organisation_id, user_id, role, created_at) VALUES (?, ?, 'operator', 0)",
      ).run(organisationId, userId);
      const insert = db.prepare(
        'INSERT INTO events (token, owner_id, organisation_id, title, start_time) VALUES (?, ?, ?, ?, ?)',
      );
      for (let i = 0; i < EVENTS; i += 1)
        insert.run(
          `console-bench-${i}`,
          userId,
          organisationId,
          `活动 ${String(i).padStart(5, '0')}${i % 100 === 7 ? ' 年会' : ''}`,
          1_800_000_000 + ((i * 7919) % EVENTS) * 60,
        );
      return { organisationId, token: benchLogins(db)(userId) };
    })();
  } finally {
    db.close();
  }
}

// Ten staff at once, each asking again as soon as answered: far more than a console's use, the list's worst case.
const GROUP = 'console (autocannon, 10 connections, 3 s per page)';

export async function run(): Promise<BenchRow[]> {
  const { jsBytes, cssBytes } = consoleFirstLoad();
  const rows: BenchRow[] = [
    {
      group: 'console first load (gz)',
      name: 'console first-load JS (entry + static imports)',
      value: Math.round((jsBytes / 1024) * 10) / 10,
      unit: 'KB',
    },
    {
      group: 'console first load (gz)',
      name: 'console first-load CSS',
      value: Math.round((cssBytes / 1024) * 10) / 10,
      unit: 'KB',
    },
  ];
  // The bench drives the list from one address: the contract's per-address limit is for the open network.
  const server = await startServer({ RATE_LIMIT_ALLOW: '127.0.0.1' });
  try {
    const { organisationId, token } = seedOrganisation(server.databasePath);
    const lastPage = Math.ceil(EVENTS / PAGE_SIZE);
    const pages: [string, string][] = [
      ['page 1 by start time', `sort=start_time&order=desc&page=1`],
      [`page ${lastPage / 2} by start time`, `sort=start_time&order=desc&page=${lastPage / 2}`],
      [`page ${lastPage} by title`, `sort=title&order=asc&page=${lastPage}`],
      ['title search, page 1', `keyword=${encodeURIComponent('年会')}&sort=start_time&order=desc&page=1`],
    ];
    const headers = { Authorization: `Bearer ${token}` };
    for (const [name, query] of pages) {
      const url = `${server.origin}/v3/api/console/events?organisation_id=${organisationId}&page_size=${PAGE_SIZE}&${query}`;
      // Each page must really answer the list (an envelope refusal is HTTP 200 too).
      const check = (await (await fetch(url, { headers })).json()) as {
        xcode: number;
        data?: { total: number };
      };
      if (check.xcode !== 200 || !check.data?.total)
        throw new Error(`the console list refused the bench: ${JSON.stringify(check)}`);
      const result = await autocannon({ url, headers, connections: 10, duration: 3 });
      rows.push(
        {
          group: GROUP,
          name: `event list of ${EVENTS.toLocaleString('en')}: ${name} p99`,
          value: result.latency.p99,
          unit: 'ms',
          goal: '< 50',
        },
        {
          group: GROUP,
          name: `event list of ${EVENTS.toLocaleString('en')}: ${name} req/s`,
          value: Math.round(result.requests.average),
          unit: 'req/s',
        },
        {
          group: GROUP,
          name: `event list of ${EVENTS.toLocaleString('en')}: ${name} failed responses`,
          value: result.non2xx + result.errors,
          unit: '',
          goal: '0',
        },
      );
    }
    return rows;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await run());
