/**
 * `npm start` runs this: the server on PORT (default 8080) with the database at DATABASE_PATH, seeded on first start.
 * SIGTERM/SIGINT stop accepting connections, let in-flight requests finish, then close sockets and the database.
 */
import path from 'node:path';
import { buildServer } from './app.ts';
import { goLiveLines } from './broadcast/hint.ts';
import { readBroadcastSettings } from './broadcast/settings.ts';
import { missingSharedSecrets, readConfig } from './config.ts';
import { loggerFor, startBanner } from './dev-log.ts';
import { listenHost } from './security/limits.ts';
import { missingSmsSettings } from './sms/settings.ts';
import { FIRST_OWNER_COMMAND, hasOwner } from './organisations/first-owner.ts';
import { missingProductionSettings } from './wechat/credentials.ts';

const config = readConfig();
// Refuse to start without the secrets payments and login need in production (a missing pay key would accept forged
// payments; without the SMS settings phone codes would never arrive, unless PHONE_CODES=off turns them off), and
// without the secrets every node must share (signed stream URLs must survive restarts and agree across processes).
// One list names every missing setting at once.
const missing = [
  ...missingSharedSecrets(process.env),
  ...(config.mode === 'production'
    ? [...missingProductionSettings(process.env), ...missingSmsSettings(process.env)]
    : []),
];
if (missing.length > 0) {
  const why = config.mode === 'production' ? 'NODE_ENV=production' : 'REDIS_URL (several nodes)';
  console.error(`livev3 cannot start with ${why}: missing settings: ${missing.join(', ')}`);
  process.exit(1);
}
// The RTMP ingest (RTMP_PORT, default 1935; 0: none) and its HLS, beside the database unless BROADCAST_DIR says.
const broadcast = readBroadcastSettings(process.env, path.dirname(path.resolve(config.databasePath)));
const app = await buildServer({ ...config, broadcast, logger: loggerFor(config.mode) });

/** How long in-flight requests get to finish after SIGTERM/SIGINT (SHUTDOWN_GRACE_MS, default 10 s). */
const graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    // A request that never finishes must not keep the process alive forever.
    setTimeout(() => {
      app.log.error(`shutdown took over ${graceMs} ms: exiting`);
      process.exit(1);
    }, graceMs).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}

// Loopback only unless HOST says otherwise (HOST=0.0.0.0 to try the app on a phone on the same network): with the
// WeChat sandbox on, anyone who can reach the server can log in as the demo viewer.
await app.listen({ port: config.port, host: listenHost() });
// Last, so the address is what a newcomer sees once the start-up is done.
const rtmpPort = app.broadcasts.rtmpPort();
const goLive =
  rtmpPort === null
    ? []
    : await goLiveLines(app.sql, { host: 'localhost', port: rtmpPort, eventToken: 'demo', now: app.now() });
if (config.mode === 'development') console.log([startBanner(config.publicOrigin), ...goLive, ''].join('\n'));
else console.log(`livev3 is running: ${config.publicOrigin}/livev3/#/pages/home/index?token=demo`);
// Production seeds nothing: a database without an organiser says how to make the first one.
if (config.mode === 'production' && !(await hasOwner(app.sql)))
  app.log.warn(
    `No organiser yet: create the first owner with \`${FIRST_OWNER_COMMAND}\`, then sign in at ${config.publicOrigin}/livev3/console/`,
  );
