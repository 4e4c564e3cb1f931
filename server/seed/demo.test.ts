import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openData } from '../db/open.ts';
import { seedDemo } from './demo.ts';

async function snapshot() {
  const data = await openData({ databasePath: ':memory:' });
  await seedDemo(data.sql);
  const rows = {
    events: (await sql`SELECT token, title, price_cents, password FROM events ORDER BY id`.execute(data.sql))
      .rows,
    players: (
      await sql`SELECT number, name, team_id, group_id, votes FROM players ORDER BY number`.execute(data.sql)
    ).rows,
    counts: (
      await sql`SELECT (SELECT COUNT(*) FROM players WHERE contest_id = 1) AS players,
                (SELECT COUNT(*) FROM contest_teams WHERE contest_id = 1) AS teams,
                (SELECT COUNT(*) FROM contest_groups WHERE contest_id = 1) AS groups_, (SELECT COUNT(*) FROM channel_categories) AS categories,
                (SELECT COUNT(*) FROM lottery_prizes) AS prizes, (SELECT COUNT(*) FROM products) AS products,
                (SELECT COUNT(*) FROM score_records) AS scores, (SELECT COUNT(*) FROM daily_bonuses) AS bonuses,
                (SELECT COUNT(*) FROM checkin_groups) AS checkin_groups`.execute(data.sql)
    ).rows[0],
  };
  await data.close();
  return rows;
}

describe('demo seed', () => {
  it('is deterministic', async () => {
    expect(await snapshot()).toEqual(await snapshot());
  });

  it('holds the demo event set and every activity the issues need', async () => {
    const { events, counts } = await snapshot();
    // The first five are the demo events; feature seeds (server/seed/*.ts) add their own after them.
    expect(events.map((event) => (event as { token: string }).token).slice(0, 5)).toEqual([
      'demo',
      'vod',
      'secret',
      'paid',
      'info',
    ]);
    expect(counts).toEqual({
      players: 320,
      teams: 3,
      groups_: 4,
      categories: 15,
      prizes: 4,
      products: 6,
      scores: 200,
      bonuses: 1,
      checkin_groups: 3,
    });
  });
});
