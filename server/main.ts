/**
 * `npm start` runs this: the server on PORT (default 8080) with the database at DATABASE_PATH, seeded on first start.
 * SIGTERM/SIGINT stop accepting connections, let in-flight requests finish, then close sockets and the database.
 */
import { buildServer } from './app.ts';
import { readConfig } from './config.ts';

const config = readConfig();
const app = await buildServer({ ...config, logger: config.mode !== 'test' });

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

await app.listen({ port: config.port, host: '0.0.0.0' });
console.log(`livev3 is running: ${config.publicOrigin}/livev3/#/pages/home/index?token=demo`);
