/**
 * `npm start` runs this: the server on PORT (default 8080) with the database at DATABASE_PATH, seeded on first start.
 * SIGTERM/SIGINT stop accepting connections, let in-flight requests finish, then close sockets and the database.
 */
import { buildServer } from './app.ts';
import { readConfig } from './config.ts';

const config = readConfig();
const app = await buildServer({ ...config, logger: config.mode !== 'test' });

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
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
