/** Subtitle and caption tracks: the tracks of a stream, organisers' uploads (.vtt, .srt) and their HLS playlists. */
import type { Domain } from '../services.ts';
import { subtitleRoutes } from './plugin.ts';
import { subtitleHandlers } from './routes.ts';

export const subtitles: Domain = {
  routes: subtitleHandlers,
  async plugin(app, services) {
    await app.register(async (scope) => subtitleRoutes(scope, services));
  },
};
