/**
 * `npm start`: builds the app only if its sources changed (scripts/build-if-changed.ts), then runs the server in this
 * same process (server/main.ts), so a start without changes costs one Node start-up, not three.
 */
import { buildIfChanged } from './build-if-changed.ts';

buildIfChanged();
await import('../server/main.ts');
