/**
 * Real broadcasts: stream keys, the embedded RTMP ingest (ffmpeg makes the HLS ladder), the broadcast lifecycle
 * (upcoming -> live -> ended -> replay) pushed to the room, and the replays. The organiser console's Live section
 * (server/console/live.ts) shows and rotates keys (keys.ts) and ends a broadcast through `publisher` below.
 */
import type { FastifyInstance } from 'fastify';
import type { Domain, Services } from '../services.ts';
import { ffmpegProblem, startIngest } from './ingest.ts';
import { createLifecycle } from './lifecycle.ts';
import { broadcastStreamRoutes } from './routes.ts';
import { cloudBroadcastRoutes } from './cloud-routes.ts';

/** How often broadcasts past their reconnect grace are ended. */
const SWEEP_MS = 1000;

/** Starts the lifecycle's sweep and, when the settings give it a port and ffmpeg runs, the RTMP ingest. */
async function broadcastPlugin(app: FastifyInstance, services: Services): Promise<void> {
  const settings = services.settings.broadcast;
  const log = {
    info: (message: string) => app.log.info(message),
    warn: (message: string) => app.log.warn(message),
    error: (message: string) => app.log.error(message),
  };
  let ingest: Awaited<ReturnType<typeof startIngest>> | null = null;
  const lifecycle = createLifecycle({
    ...services,
    graceMs: settings.graceMs,
    log,
    recording: async (broadcastId) => {
      const row = await services.sql
        .selectFrom('broadcasts')
        .select('source')
        .where('id', '=', broadcastId)
        .executeTakeFirst();
      // A cloud broadcast's recording is reported by the service's recording callback (cloud-routes.ts).
      if (row?.source === 'cloud') return 'later';
      return ingest ? ingest.recording(broadcastId) : null;
    },
  });
  app.decorate('broadcasts', {
    lifecycle,
    rtmpPort: () => ingest?.port ?? null,
    publisher: {
      here: (eventId) => ingest?.publishes(eventId) ?? false,
      end: async (eventId) => (ingest ? ingest.end(eventId) : false),
    },
  });
  await app.register(async (scope) => broadcastStreamRoutes(scope, services));
  const cloud = settings.cloud;
  if (cloud)
    await app.register(async (scope) => cloudBroadcastRoutes(scope, services, cloud, lifecycle, log));
  services.every(SWEEP_MS, () => lifecycle.sweep());
  if (settings.rtmpPort === null) return;
  const problem = ffmpegProblem(settings.ffmpeg);
  if (problem) {
    app.log.warn(`RTMP ingest is off: ${problem}. Install ffmpeg (apt-get install ffmpeg) to go live.`);
    return;
  }
  try {
    ingest = await startIngest({ settings, sql: services.sql, lifecycle, log });
  } catch (error) {
    app.log.warn(`RTMP ingest is off: port ${settings.rtmpPort} cannot be used (${String(error)})`);
    return;
  }
  await lifecycle.recover();
  app.addHook('onClose', async () => ingest?.close());
}

export const broadcast: Domain = {
  routes: () => ({}),
  plugin: broadcastPlugin,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The broadcast lifecycle and the ingest's port (null without an ingest); tests drive them here. */
    broadcasts: {
      lifecycle: ReturnType<typeof createLifecycle>;
      rtmpPort: () => number | null;
      /** The event's publisher at this node's ingest: whether one sends here, and ending its broadcast (ingest.ts). */
      publisher: { here(eventId: number): boolean; end(eventId: number): Promise<boolean> };
    };
  }
}
