/**
 * The development log (`npm start` outside production): readable lines instead of JSON, one per API call and none
 * per static file, stream playlist or segment (a short session in the live room fetches thousands), and at the end
 * of the start the address to open and how to log in. Production keeps Fastify's JSON lines, one per request, for
 * log collectors.
 */
import { LogController, type FastifyInstance } from 'fastify';

/** Paths whose every request gets a line: the API and the development pages (WeChat emulator, dev sinks). */
const LOGGED_PREFIXES = ['/v2/api/', '/v3/api/', '/dev/', '/emulator/'];

/** Whether a finished request gets a line: API calls always, anything else (files, streams) only when it failed. */
export function isLoggedRequest(url: string, status: number): boolean {
  if (status >= 500) return true;
  const pathname = url.split('?')[0];
  return LOGGED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const MAX_URL = 160;

type LogRecord = {
  level?: number;
  time?: number;
  msg?: string;
  err?: { stack?: string; message?: string };
  request?: { method: string; url: string; status: number; ms: number };
};

const clockTime = (time: number | undefined) =>
  time === undefined ? '' : new Date(time).toTimeString().slice(0, 8);

/** One pino JSON line as the development log shows it: `12:00:03 GET /v3/api/video/detail?token=demo 200 14 ms`. */
export function formatLogLine(line: string): string {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line.trimEnd();
  }
  const level = LEVELS[record.level ?? 30];
  const parts = [clockTime(record.time), ...(level ? [level] : [])];
  if (record.request) {
    const { method, url, status, ms } = record.request;
    const shown = url.length > MAX_URL ? `${url.slice(0, MAX_URL - 1)}…` : url;
    parts.push(method, shown, String(status), `${ms} ms`);
  } else parts.push(record.msg ?? '');
  const text = parts.filter(Boolean).join(' ');
  const stack = record.err?.stack ?? record.err?.message;
  return stack ? `${text}\n${stack}` : text;
}

/** The log a server in `mode` writes: JSON lines in production (for log collectors), the development log, or none. */
export function loggerFor(mode: 'development' | 'production' | 'test'): boolean | 'dev' {
  return mode === 'production' ? true : mode === 'development' ? 'dev' : false;
}

/**
 * Fastify's options for the development log, written to `out` (standard output): its own two lines per request are
 * turned off (logRequests writes the one line worth having).
 */
export function devLogOptions(out: { write(text: string): unknown } = process.stdout) {
  return {
    logger: {
      level: 'info',
      stream: { write: (line: string) => out.write(`${formatLogLine(line)}\n`) },
    },
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/** The development log's one line per request that `isLoggedRequest` keeps. */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    if (isLoggedRequest(request.url, status)) {
      const entry = {
        request: { method: request.method, url: request.url, status, ms: Math.round(reply.elapsedTime) },
      };
      if (status >= 500) request.log.error(entry, 'request failed');
      else request.log.info(entry, 'request');
    }
    done();
  });
}

/** What `npm start` prints last in development, once the server listens: where to go and how to log in. */
export function startBanner(publicOrigin: string): string {
  const app = `${publicOrigin}/livev3/#`;
  return [
    '',
    `livev3 is running (development, demo data): ${publicOrigin}/livev3/`,
    `  Demo event   ${app}/pages/home/index?token=demo   (add &locale=en for English)`,
    `  Log in       ${app}/pages/login/index?token=demo`,
    '               phone or e-mail: no text message or mail leaves this machine, the form shows the code',
    '               WeChat: give the browser a WeChat user agent (MicroMessenger); the local emulator logs you in',
    '  Demo ids and how to reach every page: README.md, "Trying the demo"',
    '  Logged below: API calls (not files or stream segments). Ctrl-C stops the server.',
    '',
  ].join('\n');
}
