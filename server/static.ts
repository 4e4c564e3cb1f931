import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Caching of the built app's files: hashed assets (their name changes with their content) immutable for a year;
 * index.html never taken from a cache without asking (it names the current assets); the favicon, app icons and
 * manifest (fixed names) for a day.
 */
export function cacheControl(relativeFile: string): string {
  // A compressed copy (scripts/precompress.ts) is cached as the file it stands for.
  const file = relativeFile
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (file.startsWith('assets/') || file.startsWith('console/assets/'))
    return 'public, max-age=31536000, immutable';
  if (file.startsWith('icons/') || file === 'favicon.svg' || file === 'manifest.webmanifest')
    return 'public, max-age=86400';
  return 'no-cache';
}

/**
 * The built app at /livev3/ (caching: cacheControl). Its text files are sent as the build compressed them
 * (scripts/precompress.ts: brotli or gzip, as the request accepts), not compressed again per request.
 */
export async function appRoutes(app: FastifyInstance, options: { distDir: string }) {
  app.get('/', (_request, reply) => reply.redirect('/livev3/'));
  app.get('/livev3', (_request, reply) => reply.redirect('/livev3/'));
  if (!fs.existsSync(path.join(options.distDir, 'index.html'))) {
    app.get('/livev3/', (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send('The app is not built yet: run `npm run build` (npm start does it).'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    cacheControl: false,
    root: options.distDir,
    prefix: '/livev3/',
    wildcard: true,
    preCompressed: true,
    // The build folder's dotfiles are the build's own records (Vite's manifest, npm start's build stamp), not the app.
    dotfiles: 'ignore',
    // Passed the Fastify reply in @fastify/static 10.
    setHeaders(reply: { header(name: string, value: string): unknown }, file: string) {
      reply.header('Cache-Control', cacheControl(path.relative(options.distDir, file)));
    },
  });
  // The organiser console routes in the browser (/livev3/console/events/12): an address that names no file of its
  // build answers its index.html, which loads the console at that route.
  const consoleIndex = path.join(options.distDir, 'console', 'index.html');
  if (fs.existsSync(consoleIndex)) {
    app.get('/livev3/console', (_request, reply) => reply.redirect('/livev3/console/'));
    app.get<{ Params: { '*': string } }>('/livev3/console/*', (request, reply) => {
      const wanted = request.params['*'];
      // A file (its name has an extension): served as the app's files are, a missing one answers 404.
      if (/\.[a-z0-9]+$/i.test(wanted)) return reply.sendFile(`console/${wanted}`);
      return reply.header('Cache-Control', 'no-cache').sendFile('console/index.html');
    });
  }
}
