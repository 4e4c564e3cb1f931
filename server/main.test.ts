/**
 * Clean shutdown of the real process (npm start's entry): SIGTERM while a request is still sending its body; the
 * server stops accepting new connections, the in-flight request completes and its write is in the database, and
 * the process exits 0. With viewers connected (websockets and long polls) it closes their sockets and exits within
 * 2 s; stopping npm stops the server it started.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, expect, it } from 'vitest';
import { startSession } from './accounts/sessions';
import { sqliteSql } from './db/sql';
import { freePort, startProcess } from './security/test-helpers.ts';
import { systemClock } from './clock.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-shutdown-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function start(port: number, command?: string[]): Promise<ChildProcess> {
  const { child, done } = startProcess(
    port,
    {
      ...process.env,
      DATABASE_PATH: path.join(dir, 'shutdown.db'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      NODE_ENV: 'test',
      DIST_DIR: path.join(dir, 'no-dist'),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    },
    command,
  );
  const { code, stdout, stderr } = await done;
  if (code !== null || child.signalCode !== null)
    throw new Error(`server exited early (${code}): ${stdout}${stderr}`);
  return child;
}

const json = async (url: string, init?: RequestInit) => (await fetch(url, init)).json();

it('SIGTERM: finishes the in-flight request, refuses new ones, closes the database, exits 0', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await start(port);
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));

  // A chunked-upload part whose body arrives in two halves, with SIGTERM in between.
  // Upload tokens need a logged-in viewer: a session for the seeded organiser, written the way a login writes it.
  const session = sqliteSql(new Database(path.join(dir, 'shutdown.db')));
  const sessionToken = await startSession(session, 1, systemClock());
  await session.destroy();
  const token = (
    await json(`${base}/v3/api/qiniu/upload/token`, { headers: { authorization: `Bearer ${sessionToken}` } })
  ).data as { prefix: string; uptoken: string };
  const key = Buffer.from(`${token.prefix}slow.mp4`).toString('base64url');
  const init = (await json(`${base}/qiniu-up/buckets/livev3/objects/${key}/uploads`, {
    method: 'POST',
    headers: { authorization: `UpToken ${token.uptoken}` },
  })) as { uploadId: string };
  const body = Buffer.concat([
    Buffer.from('000000206674797069736f6d', 'hex'),
    crypto.randomBytes(256 * 1024),
  ]);
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      `${base}/qiniu-up/buckets/livev3/objects/${key}/uploads/${init.uploadId}/1`,
      {
        method: 'PUT',
        headers: {
          authorization: `UpToken ${token.uptoken}`,
          'content-type': 'application/octet-stream',
          'content-length': body.length,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.write(body.subarray(0, 1000));
    setTimeout(() => {
      server.kill('SIGTERM');
      setTimeout(async () => {
        // Closing: a new connection is refused while the old request is still open.
        await expect(fetch(`${base}/v3/api/qiniu/upload/token`)).rejects.toThrow();
        request.end(body.subarray(1000));
      }, 300);
    }, 300);
  });

  const done = await answer;
  expect(done.status).toBe(200);
  const md5 = crypto.createHash('md5').update(body).digest('hex');
  expect(JSON.parse(done.body)).toEqual({ etag: md5, md5 });
  expect(await exited).toBe(0);

  // Nothing lost: the part written during shutdown is in the database, which was closed cleanly (no WAL left over).
  expect(fs.existsSync(path.join(dir, 'shutdown.db-wal'))).toBe(false);
  const db = new Database(path.join(dir, 'shutdown.db'), { readonly: true });
  const part = db.prepare('SELECT size, etag FROM upload_parts WHERE upload_id = ?').get(init.uploadId);
  db.close();
  expect(part).toEqual({ size: body.length, etag: md5 });
}, 60_000);

const RECONNECTING = ['transport close', 'transport error'];

/** Viewers in the demo room: half on websockets, half on long polling. */
async function viewers(base: string, count: number): Promise<Socket[]> {
  const sockets = Array.from({ length: count }, (_, i) =>
    connect(base, { transports: i % 2 ? ['websocket'] : ['polling'], reconnection: false }),
  );
  await Promise.all(
    sockets.map((socket) => new Promise<void>((resolve) => socket.once('connect', () => resolve()))),
  );
  for (const socket of sockets)
    expect(await socket.emitWithAck('join', { token: 'demo' })).toMatchObject({ ok: true });
  return sockets;
}

it('SIGTERM with viewers connected: their sockets close and the process exits 0 within 2 s', async () => {
  const port = await freePort();
  const server = await start(port);
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  const sockets = await viewers(`http://127.0.0.1:${port}`, 20);
  const closed = sockets.map(
    (socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve)),
  );
  const signalled = performance.now();
  server.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(performance.now() - signalled).toBeLessThan(2000);
  // Closed under them as a transport close (a long poll between two requests sees a transport error): reasons a
  // client answers by reconnecting (to another node), unlike 'io server disconnect'.
  for (const reason of await Promise.all(closed)) expect(RECONNECTING).toContain(reason);
}, 60_000);

it('stopping npm (SIGTERM or SIGINT to npm alone) stops the server it started', async () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const port = await freePort();
    // npm start is `npm run build && exec npm run serve`: the same exec chain, less the build.
    const npm = await start(port, ['npm', 'run', 'serve']);
    const base = `http://127.0.0.1:${port}`;
    const [socket] = await viewers(base, 1);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    npm.kill(signal);
    expect(RECONNECTING).toContain(await closed);
    // The server itself is gone: nothing listens on its port any more.
    await expect
      .poll(
        () =>
          fetch(`${base}/v3/api/video/detail?token=demo`).then(
            () => 'up',
            () => 'down',
          ),
        {
          timeout: 5000,
        },
      )
      .toBe('down');
  }
}, 60_000);
