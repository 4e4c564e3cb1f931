import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverRoot = path.dirname(fileURLToPath(import.meta.url));
export const projectRoot = path.resolve(serverRoot, '..');

export type ServerConfig = {
  port: number;
  databasePath: string;
  /** DATABASE_URL when it is a postgres:// URL: PostgreSQL instead of the SQLite file. */
  databaseUrl?: string;
  /** REDIS_URL: state shared by several nodes (socket.io adapter, rate limits, caches) in Redis instead of memory. */
  redisUrl?: string;
  publicOrigin: string;
  mode: 'development' | 'production' | 'test';
  distDir: string;
  streamsDir: string;
};

/** Settings from the environment (server/README.md lists them). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const mode =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  return {
    port,
    databasePath: env.DATABASE_PATH ?? path.join(projectRoot, 'data/livev3.db'),
    databaseUrl: /^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '') ? env.DATABASE_URL : undefined,
    redisUrl: /^rediss?:\/\//.test(env.REDIS_URL ?? '') ? env.REDIS_URL : undefined,
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    mode,
    // DIST_DIR lets parallel builds (several worktrees' e2e runs) keep their own output.
    distDir: env.DIST_DIR ? path.resolve(env.DIST_DIR) : path.join(projectRoot, 'dist'),
    streamsDir: path.join(serverRoot, 'media'),
  };
}

/**
 * Secrets every node must hold alike, missing from the environment. A per-process random secret would make one node
 * refuse what another signed: stream URLs (STREAM_SECRET, required in production anyway) and, once several nodes
 * share state through REDIS_URL, upload tokens of the local upload host (UPLOAD_SECRET; real Qiniu signs its own).
 */
export function missingSharedSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  const severalNodes = /^rediss?:\/\//.test(env.REDIS_URL ?? '');
  const needed = env.NODE_ENV === 'production' || severalNodes;
  return [
    ...(needed && !env.STREAM_SECRET?.trim() ? ['STREAM_SECRET'] : []),
    ...(severalNodes && !env.UPLOAD_SECRET?.trim() && !env.QINIU_ACCESS_KEY ? ['UPLOAD_SECRET'] : []),
  ];
}
