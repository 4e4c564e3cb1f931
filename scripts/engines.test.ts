/**
 * The project runs on Node 20 (`engines` in package.json): every package the lock file installs must accept the
 * oldest Node it allows, or `npm install` warns (EBADENGINE). Two did not: content-disposition 3 (of @fastify/static)
 * and cookie 2 (of light-my-request, Fastify's inject) ask for Node 22 while changing nothing their parents use, so
 * package.json's `overrides` hold them at content-disposition 2 and cookie 1.1, whose `create` and
 * `stringifySetCookie` are the same; the parents' own uses of them are run here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

type Version = [number, number, number];
const parse = (text: string): Version => {
  const [major = 0, minor = 0, patch = 0] = text.split('.').map((part) => Number(part) || 0);
  return [major, minor, patch];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** One comparator of an npm range (`>=18`, `^20.19.0`, `~1.2`, `20.x`, `10.*`, `*`, `20`). */
function satisfiesOne(version: Version, comparator: string): boolean {
  const match = /^(>=|<=|>|<|=|\^|~)?\s*v?([\dx*]+(?:\.[\dx*]+){0,2})$/.exec(comparator);
  if (comparator === '*' || comparator === '') return true;
  if (!match) throw new Error(`range not understood: ${comparator}`);
  const [, operator = '', target] = match;
  const parts = target.split('.');
  const wild = parts.findIndex((part) => part === 'x' || part === '*');
  const given = wild === -1 ? parts.length : wild;
  const bound = parse(parts.slice(0, given).join('.'));
  const cmp = compare(version, bound);
  const samePrefix = (length: number) => version.slice(0, length).every((part, i) => part === bound[i]);
  switch (operator) {
    case '>=':
      return cmp >= 0;
    case '>':
      return given < 3 ? !samePrefix(given) && cmp > 0 : cmp > 0;
    case '<=':
      return cmp <= 0 || samePrefix(given);
    case '<':
      return cmp < 0;
    case '^': {
      const lead = bound[0] !== 0 || given === 1 ? 1 : bound[1] !== 0 || given === 2 ? 2 : 3;
      return cmp >= 0 && samePrefix(lead);
    }
    case '~':
      return cmp >= 0 && samePrefix(given >= 2 ? 2 : 1);
    default:
      return samePrefix(given);
  }
}

/** Whether `version` is in an npm range (`a b` both, `a || b` either). */
function satisfies(version: string, range: string): boolean {
  const parsed = parse(version);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => satisfiesOne(parsed, comparator)),
  );
}

describe('Node versions', () => {
  it('the range check reads npm ranges', () => {
    expect(satisfies('20.19.0', '>=20.19')).toBe(true);
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('20.19.0', '^20.19.0 || ^22.13.0 || >=24')).toBe(true);
    expect(satisfies('22.12.0', '^20.19.0 || ^22.13.0 || >=24')).toBe(false);
    expect(satisfies('20.19.0', '20 || >=22')).toBe(true);
    expect(satisfies('20.19.0', '20.x || 22.x')).toBe(true);
    expect(satisfies('20.19.0', '>=16 || 14 >=14.17')).toBe(true);
    expect(satisfies('20.19.0', '6.* || 8.* || >= 10.*')).toBe(true);
    expect(satisfies('20.19.0', '>= 0.8')).toBe(true);
    expect(satisfies('20.19.0', '~20.18.1')).toBe(false);
    expect(satisfies('20.19.0', '*')).toBe(true);
  });

  it('every package the lock installs accepts the oldest Node of package.json', () => {
    const engines = read('package.json').engines.node as string;
    const oldest = /^>=\s*([\d.]+)$/.exec(engines)?.[1];
    expect(oldest, `engines.node is ${engines}`).toBeDefined();
    const refusing = Object.entries(
      read('package-lock.json').packages as Record<string, { engines?: unknown }>,
    )
      .filter(([name, entry]) => name && typeof entry.engines === 'object' && entry.engines !== null)
      .map(([name, entry]) => [name, (entry.engines as { node?: string }).node] as const)
      .filter(([, node]) => typeof node === 'string' && !satisfies(oldest!, node))
      .map(([name, node]) => `${name} wants node ${node}`);
    expect(refusing).toEqual([]);
  });
});

describe('the held-back versions do what their parents ask of them', () => {
  it('@fastify/static names a download with content-disposition 2 (ASCII fallback and UTF-8 name)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-engines-'));
    const app = Fastify();
    try {
      fs.writeFileSync(path.join(dir, 'report.csv'), 'a,b\n');
      await app.register(fastifyStatic, { root: dir, serve: false });
      app.get('/file', (_request, reply) => reply.download('report.csv', '报名表.csv'));
      const answer = await app.inject({ url: '/file' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="???.csv"; filename*=UTF-8''%E6%8A%A5%E5%90%8D%E8%A1%A8.csv`,
      );
      expect(answer.body).toBe('a,b\n');
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("Fastify's inject sends cookies with cookie 1.1", async () => {
    const app = Fastify();
    app.get('/', (request) => ({ cookie: request.headers.cookie }));
    const answer = await app.inject({ url: '/', cookies: { a: '1', b: 'x y' } });
    expect(answer.json()).toEqual({ cookie: 'a=1; b=x%20y' });
    await app.close();
  });
});
