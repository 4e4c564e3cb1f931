/**
 * `npm start`: builds the app only if its sources changed (scripts/build-if-changed.ts), then runs the server in this
 * same process (server/main.ts), so a start without changes costs one Node start-up, not three. ffmpeg, which the
 * RTMP ingest drives, is installed from Debian's packages when missing (scripts/ffmpeg.ts).
 */
import { buildIfChanged } from './build-if-changed.ts';
import { ensureFfmpeg } from './ffmpeg.ts';

buildIfChanged();
// The RTMP ingest needs ffmpeg: installed when missing; without it the server says once that ingest is off.
if (process.env.RTMP_PORT !== '0') ensureFfmpeg();
await import('../server/main.ts');
