import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverRoot = path.dirname(fileURLToPath(import.meta.url));
export const projectRoot = path.resolve(serverRoot, '..');

export type ServerConfig = {
  port: number;
  databasePath: string;
  /** DATABASE_URL when it is a postgres:// URL: PostgreSQL instead of the SQLite file. */
  databaseUrl?: string;
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
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    mode,
    // DIST_DIR lets parallel builds (several worktrees' e2e runs) keep their own output.
    distDir: env.DIST_DIR ? path.resolve(env.DIST_DIR) : path.join(projectRoot, 'dist'),
    streamsDir: path.join(serverRoot, 'media'),
  };
}
