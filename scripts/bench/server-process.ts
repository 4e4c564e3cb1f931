/** Starts the real server (built app, fresh database) on a free loopback port for a bench, and stops it. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../config/check.ts';
import { freePort } from '../services.ts';

export { freePort };

export type RunningServer = { origin: string; pid: number; databasePath: string; stop(): Promise<void> };

/** `env`: settings of this bench's own (the broadcast bench's RTMP port and folder). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const databasePath = path.join(os.tmpdir(), `livev3-bench-${process.pid}-${port}.db`);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: databasePath,
      NODE_ENV: 'test',
      // The benches open a thousand sockets from one address: the per-address caps are for the open network.
      MAX_CONNECTIONS_PER_IP: '0',
      MAX_SOCKETS_PER_IP: '0',
      ...env,
    },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${origin}/livev3/`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    pid: child.pid ?? 0,
    databasePath,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(databasePath + suffix, { force: true });
    },
  };
}
