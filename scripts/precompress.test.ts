import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../server/static.ts';
import { MIN_BYTES, precompress } from './precompress.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-precompress-'));
const script = `export const words = ${JSON.stringify('live event '.repeat(400))};\n`;
const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), content);
};

beforeAll(async () => {
  write('index.html', `<!doctype html><title>livev3</title>${'<p>shell</p>'.repeat(200)}`);
  write('assets/index-abc123.js', script);
  write('assets/tiny-abc123.js', 'export {};\n');
  write('icons/icon-192.png', 'not text'.repeat(400));
  write('.vite/manifest.json', JSON.stringify({ entry: 'x'.repeat(2000) }));
  await precompress(dist);
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('precompressed build output', () => {
  it('writes brotli and gzip copies of text files that decompress to the original', () => {
    const file = path.join(dist, 'assets/index-abc123.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(script.length / 10);
    expect(fs.existsSync(path.join(dist, 'index.html.br'))).toBe(true);
  });

  it('leaves small files, images and the build manifest alone', () => {
    expect(fs.statSync(path.join(dist, 'assets/tiny-abc123.js')).size).toBeLessThan(MIN_BYTES);
    expect(fs.existsSync(path.join(dist, 'assets/tiny-abc123.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dist, 'icons/icon-192.png.br'))).toBe(false);
    expect(fs.existsSync(path.join(dist, '.vite/manifest.json.br'))).toBe(false);
  });

  it('is what the server sends, by the encodings the request accepts, cached as the asset', async () => {
    const app = Fastify();
    await app.register(appRoutes, { distDir: dist });
    const get = (encoding?: string) =>
      app.inject({
        url: '/livev3/assets/index-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    await app.close();
  });
});
