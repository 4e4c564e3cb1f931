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
  /** How many login codes (SMS, e-mail) may go out per phone, e-mail address, device and network address. */
  codeLimits: CodeLimits;
};

/**
 * Limits on the login codes the server sends, per hour; SMS and e-mail codes are counted apart. Besides these, one
 * phone number or e-mail address gets at most one code per 60 s (the app's resend countdown), fixed.
 */
export type CodeLimits = {
  /** CODES_PER_PHONE_PER_HOUR: codes texted to one phone number. */
  perPhone: number;
  /** CODES_PER_EMAIL_PER_HOUR: codes mailed to one e-mail address. */
  perEmail: number;
  /** CODES_PER_DEVICE_PER_HOUR: codes one browser asks for (its `livev3_device` cookie), whatever the numbers. */
  perDevice: number;
  /**
   * CODES_PER_IP_PER_HOUR: codes asked for from one network address. A venue's Wi-Fi puts every viewer of an event
   * behind one address: this is a ceiling against abuse sized for a venue, not a per-viewer limit.
   */
  perIp: number;
  /** SLIDE_CHALLENGES_PER_IP: slide checks (which every code needs) started from one address per 10 minutes. */
  slidePerIp: number;
};

export const DEFAULT_CODE_LIMITS: CodeLimits = {
  perPhone: 5,
  perEmail: 5,
  perDevice: 10,
  perIp: 3000,
  slidePerIp: 1000,
};

const CODE_LIMIT_SETTINGS = {
  perPhone: 'CODES_PER_PHONE_PER_HOUR',
  perEmail: 'CODES_PER_EMAIL_PER_HOUR',
  perDevice: 'CODES_PER_DEVICE_PER_HOUR',
  perIp: 'CODES_PER_IP_PER_HOUR',
  slidePerIp: 'SLIDE_CHALLENGES_PER_IP',
} as const satisfies Record<keyof CodeLimits, string>;

/** The code limits from the environment; a value that is not a whole number of at least 1 stops the start. */
export function readCodeLimits(env: NodeJS.ProcessEnv = process.env): CodeLimits {
  const limits = { ...DEFAULT_CODE_LIMITS };
  for (const [key, name] of Object.entries(CODE_LIMIT_SETTINGS) as [keyof CodeLimits, string][]) {
    const value = env[name]?.trim();
    if (!value) continue;
    if (!/^\d+$/.test(value) || Number(value) < 1)
      throw new Error(`${name} must be a whole number of at least 1 (it is "${value}")`);
    limits[key] = Number(value);
  }
  return limits;
}

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
    codeLimits: readCodeLimits(env),
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
