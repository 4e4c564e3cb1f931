/**
 * Compressed copies of the built app's text files, made once at build time: `<file>.br` (brotli, best quality) and
 * `<file>.gz` (gzip, level 9) beside each script, stylesheet, page, icon and manifest of at least MIN_BYTES. The server
 * sends them as they are (`preCompressed` in server/static.ts) instead of compressing every answer again at the
 * fast, lower quality that on-the-fly compression has to use: fewer bytes to a phone on a slow network, and no
 * compression work per visitor.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing: text formats. Images (PNG) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Under this size compression saves less than a packet's worth of bytes (the server's own threshold too). */
export const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      // .vite/ holds the build's manifest, which nothing serves.
      if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(full);
      return [full];
    }),
  );
  return nested.flat();
}

/** Writes the .br and .gz copies of every compressible file under `dir`; returns how many files it compressed. */
export async function precompress(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  let compressed = 0;
  await Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file);
      if (content.byteLength < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      compressed++;
    }),
  );
  return compressed;
}

/** A build-only plugin that runs `run` on the build's output folder once the bundle is written. */
export function afterBuildPlugin(name: string, run: (outDir: string) => Promise<unknown>): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await run(outDir);
    },
  };
}

/** Runs `precompress` on the build's output once the bundle is written (builds only, not the dev server). */
export const precompressPlugin = (): Plugin => afterBuildPlugin('livev3:precompress', precompress);
