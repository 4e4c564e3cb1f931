/**
 * One server node as a real process (`node --import tsx server/main.ts`), for `npm run cluster`, the cross-node
 * suite and the cluster bench rows: started on a free loopback port, ready once it says it is running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../services.ts';

export { freePort };

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerNode = {
  name: string;
  port: number;
  origin: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** SIGTERM (a clean shutdown), or the given signal; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts a node with the given settings on top of this process's environment. `output` receives its log lines
 * (default: dropped, except that a node that dies during start-up fails the start with its output). Without a PORT the
 * node gets a free one; a node that finds it taken by the time it listens (its start takes seconds, and other processes
 * take ports meanwhile) starts again on another.
 */
export async function startNode(
  name: string,
  env: NodeJS.ProcessEnv,
  output?: (line: string) => void,
): Promise<ServerNode> {
  const fixed = Number(env.PORT);
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(name, fixed || (await freePort()), env, output);
    } catch (error) {
      if (fixed || attempt === 3 || !(error instanceof PortTaken)) throw error;
      output?.(`[${name}] its port was taken meanwhile: starting again on another`);
    }
  }
}

class PortTaken extends Error {}

async function launch(
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
  output?: (line: string) => void,
): Promise<ServerNode> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const take = (data: Buffer) => {
      const text = data.toString();
      if (log.length < 20_000) log += text;
      for (const line of text.split('\n')) if (line && output) output(`[${name}] ${line}`);
      if (text.includes('livev3 is running')) resolve();
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    void exited.then((code) => {
      const Failure = log.includes('EADDRINUSE') ? PortTaken : Error;
      reject(new Failure(`node ${name} exited during start-up (${code}):\n${log}`));
    });
  });
  return {
    name,
    port,
    origin: `http://127.0.0.1:${port}`,
    child,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
