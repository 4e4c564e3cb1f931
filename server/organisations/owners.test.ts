/**
 * Every organiser-owned row of the demo data belongs to an organisation. Events, channels and contests carry their
 * organisation; products, lotteries, check-in activities and their groups and attendees, score tables, daily bonuses
 * and points belong to their event's (products of a contest alone to the contest's), found through owners.ts, so
 * that moving an event moves all of it and no second column can disagree with the event's. A row whose event token
 * names no event belongs to nobody and is refused to every organiser: none of the seeded ones may be such a row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOrganisation, productOrganisation } from './owners.ts';
import { testServer, type App } from '../security/test-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await testServer();
}, 60_000);
afterAll(() => app.close());

const BY_EVENT_TOKEN = [
  'engage_lotteries',
  'engage_bonuses',
  'engage_checkin_groups',
  'engage_checkin_activities',
  'engage_checkin_attendees',
  'engage_score_tables',
] as const;

describe('which organisation owns the demo data', () => {
  it('gives every event, channel and contest an organisation', async () => {
    for (const table of ['events', 'channels', 'contests'] as const) {
      const orphans = await app.sql
        .selectFrom(table)
        .select('id')
        .where('organisation_id', 'is', null)
        .execute();
      expect([table, orphans]).toEqual([table, []]);
    }
  });

  it("gives every product its event's or its contest's organisation", async () => {
    const products = await app.sql
      .selectFrom('shop_products')
      .select(['id', 'event_token', 'contest_id'])
      .execute();
    expect(products.length).toBeGreaterThan(0);
    for (const product of products)
      expect([product.id, await productOrganisation(app.sql, product)]).toEqual([
        product.id,
        expect.any(Number),
      ]);
  });

  it("gives every lottery, bonus, check-in activity, group, attendee and score table its event's organisation", async () => {
    for (const table of BY_EVENT_TOKEN) {
      const tokens = await app.sql.selectFrom(table).select('event_token').distinct().execute();
      expect([table, tokens.length > 0]).toEqual([table, true]);
      for (const { event_token } of tokens)
        expect([table, event_token, await eventOrganisation(app.sql, event_token)]).toEqual([
          table,
          event_token,
          expect.any(Number),
        ]);
    }
  });
});
