import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** The built app at /livev3/: hashed assets cached for a year, index.html always revalidated. */
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
    // Passed the Fastify reply in @fastify/static 10.
    setHeaders(reply: { header(name: string, value: string): unknown }, file: string) {
      reply.header(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
