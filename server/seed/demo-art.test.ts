/**
 * The demo's products, contests, players and prizes show drawn pictures (scripts/make-demo-images.ts), each a
 * committed JPEG of tens of KB that the streams routes serve; none shows the demo stream's test-pattern cover.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openData } from '../db/open.ts';
import type { Sql } from '../db/sql.ts';
import { DEMO_ART_DIR, playerPhoto } from './demo-art.ts';
import { seedDemo } from './demo.ts';

const media = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../media');
const TEST_PATTERN = '/streams/vod/demo/cover.jpg';

let data: Awaited<ReturnType<typeof openData>>;
let db: Sql;
beforeAll(async () => {
  data = await openData({ databasePath: ':memory:' });
  db = data.sql;
  await seedDemo(db);
}, 60_000);
afterAll(() => data.close());

/** Every picture the seed gives products, contests, players and prizes. */
async function pictures(): Promise<string[]> {
  const shop = await db.selectFrom('shop_products').select('images').execute();
  const products = await db.selectFrom('products').select('cover').execute();
  const contests = await db.selectFrom('contests').select('cover').execute();
  const players = await db.selectFrom('players').select('photo').distinct().execute();
  const prizes = await db.selectFrom('engage_lottery_prizes').select('image').execute();
  return [
    ...shop.flatMap((row) => JSON.parse(row.images) as string[]),
    ...products.map((row) => row.cover),
    ...contests.map((row) => row.cover),
    ...players.map((row) => row.photo),
    ...prizes.map((row) => row.image),
  ];
}

describe('the demo pictures', () => {
  it('are drawn ones, committed, small, and served as public files', async () => {
    const all = await pictures();
    expect(all.length).toBeGreaterThan(40);
    expect(all).not.toContain(TEST_PATTERN);
    for (const url of new Set(all)) {
      expect(url, url).toMatch(new RegExp(`^/streams/vod/${DEMO_ART_DIR}/[a-z0-9-]+\\.jpg$`));
      const file = path.join(media, url.replace('/streams/vod/', ''));
      expect(fs.existsSync(file), file).toBe(true);
      expect(fs.statSync(file).size, file).toBeLessThan(60_000);
    }
  });

  it("give each player the portrait of its surname's initial and hair style", () => {
    expect(playerPhoto('王芳')).toBe(`/streams/vod/${DEMO_ART_DIR}/player-01-a.jpg`);
    expect(playerPhoto('林子轩')).toBe(`/streams/vod/${DEMO_ART_DIR}/player-16-b.jpg`);
  });
});
