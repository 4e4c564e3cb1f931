/**
 * The console's Figures section (schemas/api/console-figures.json): an event's audience now and once a minute
 * (server/events/viewer-samples.ts), watch time (server/engagement/live-watch.ts), chat lines, gifts and tips, red
 * packets, votes and revenue, each counted from the records the server keeps, money in integer cents. Reading needs
 * event_read for the organisation owning the event; the Excel download of the same figures is the download kind
 * `figures` (server/downloads/exports.ts), which asks the download role of that organisation.
 */
import { needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { ContractSchema } from '../contract/types.ts';
import { sql as raw } from 'kysely';
import type { Sql } from '../db/sql.ts';
import { ok } from '../envelope.ts';
import { requireOrganiserRole } from '../organisations/roles.ts';
import type { Services } from '../services.ts';
import { findEvent } from './events.ts';

export type ConsoleFigures = ContractSchema<'ConsoleFigures'>;

/** Shop orders that count as sold (paid and not given back). */
const SOLD = ['paid', 'shipped', 'completed'] as const;

const whole = (value: unknown) => Number(value ?? 0);

/** The event's figures; `viewersNow` is its room's audience over every node (services.realtime.viewers). */
export async function eventFigures(
  sql: Sql,
  event: { id: number; token: string },
  viewersNow: number,
  now: number,
): Promise<ConsoleFigures> {
  const { id, token } = event;
  // Integer division on both engines (the column is an integer).
  const minute = raw<number>`created_at / 60000`;
  const [samples, watch, chat, perMinute, rewards, packets, shares, votes, tickets, paidVotes, shop] =
    await Promise.all([
      sql
        .selectFrom('event_viewer_samples')
        .select(['minute', 'viewers'])
        .where('event_id', '=', id)
        .orderBy('minute')
        .execute(),
      sql
        .selectFrom('live_watch')
        .select((eb) => [eb.fn.sum<number>('seconds').as('seconds'), eb.fn.countAll<number>().as('viewers')])
        .where('event_token', '=', token)
        .where('seconds', '>', 0)
        .executeTakeFirst(),
      sql
        .selectFrom('chat_messages')
        .select((eb) => [
          eb.fn.countAll<number>().as('lines'),
          eb.fn.count<number>('user_id').distinct().as('senders'),
        ])
        .where('event_id', '=', id)
        .where('kind', '=', 'text')
        .executeTakeFirst(),
      sql
        .selectFrom('chat_messages')
        .select((eb) => [minute.as('minute'), eb.fn.countAll<number>().as('lines')])
        .where('event_id', '=', id)
        .where('kind', '=', 'text')
        .groupBy(minute)
        .orderBy(minute)
        .execute(),
      sql
        .selectFrom('rewards')
        .select((eb) => [
          eb.fn.count<number>('gift_id').as('gifts'),
          eb.fn
            .sum<number>(eb.case().when('gift_id', 'is not', null).then(eb.ref('gift_count')).else(0).end())
            .as('items'),
          eb.fn.countAll<number>().as('rewards'),
          eb.fn
            .sum<number>(eb.case().when('gift_id', 'is not', null).then(eb.ref('amount_cents')).else(0).end())
            .as('gift_cents'),
          eb.fn.sum<number>('amount_cents').as('cents'),
        ])
        .where('event_id', '=', id)
        .where('status', '=', 1)
        .executeTakeFirst(),
      sql
        .selectFrom('red_packets')
        .select((eb) => [
          eb.fn.countAll<number>().as('sent'),
          eb.fn.sum<number>('total_cents').as('cents'),
          eb.fn.sum<number>('refunded_cents').as('refunded'),
        ])
        .where('event_id', '=', id)
        .where('status', '>=', 1)
        .executeTakeFirst(),
      sql
        .selectFrom('red_packet_shares')
        .innerJoin('red_packets', 'red_packets.id', 'red_packet_shares.packet_id')
        .select((eb) => [
          eb.fn.countAll<number>().as('grabbed'),
          eb.fn.sum<number>('red_packet_shares.amount_cents').as('cents'),
        ])
        .where('red_packets.event_id', '=', id)
        .where('red_packet_shares.user_id', 'is not', null)
        .executeTakeFirst(),
      sql
        .selectFrom('vote_records')
        .innerJoin('contests', 'contests.id', 'vote_records.contest_id')
        .select((eb) => [
          eb.fn.sum<number>('vote_records.count').as('total'),
          eb.fn
            .sum<number>(
              eb.case().when('vote_records.paid', '=', 1).then(eb.ref('vote_records.count')).else(0).end(),
            )
            .as('paid'),
        ])
        .where('contests.event_id', '=', id)
        .executeTakeFirst(),
      sql
        .selectFrom('orders')
        .select((eb) => eb.fn.sum<number>('amount_cents').as('cents'))
        .where('kind', '=', 'video')
        .where('ref_id', '=', id)
        .where('status', '=', 1)
        .executeTakeFirst(),
      sql
        .selectFrom('orders')
        .innerJoin('vote_orders', 'vote_orders.order_id', 'orders.id')
        .innerJoin('contests', 'contests.id', 'vote_orders.contest_id')
        .select((eb) => eb.fn.sum<number>('orders.amount_cents').as('cents'))
        .where('orders.kind', '=', 'vote')
        .where('orders.status', '=', 1)
        .where('contests.event_id', '=', id)
        .executeTakeFirst(),
      sql
        .selectFrom('shop_orders')
        .innerJoin('shop_products', 'shop_products.id', 'shop_orders.product_id')
        .select((eb) => eb.fn.sum<number>('shop_orders.amount_cents').as('cents'))
        .where('shop_products.event_token', '=', token)
        .where('shop_orders.state', 'in', SOLD)
        .executeTakeFirst(),
    ]);

  const viewersPerMinute = samples.map((row) => ({ minute: whole(row.minute), value: whole(row.viewers) }));
  const watchSeconds = whole(watch?.seconds);
  const watchers = whole(watch?.viewers);
  const giftCents = whole(rewards?.gift_cents);
  const tipCents = whole(rewards?.cents) - giftCents;
  const giftCount = whole(rewards?.gifts);
  const revenue = {
    tickets: whole(tickets?.cents),
    gifts: giftCents,
    tips: tipCents,
    paid_votes: whole(paidVotes?.cents),
    shop: whole(shop?.cents),
  };
  const totalVotes = whole(votes?.total);
  const paid = whole(votes?.paid);
  return {
    event_id: id,
    token,
    at: Math.floor(now / 1000),
    viewers_now: viewersNow,
    peak_viewers: Math.max(viewersNow, ...viewersPerMinute.map((sample) => sample.value)),
    viewers_per_minute: viewersPerMinute,
    watch: {
      total_seconds: watchSeconds,
      viewers: watchers,
      per_viewer_seconds: watchers ? Math.floor(watchSeconds / watchers) : 0,
    },
    chat: {
      lines: whole(chat?.lines),
      senders: whole(chat?.senders),
      per_minute: perMinute.map((row) => ({ minute: whole(row.minute) * 60, value: whole(row.lines) })),
    },
    gifts: { count: giftCount, items: whole(rewards?.items), cents: giftCents },
    tips: { count: whole(rewards?.rewards) - giftCount, cents: tipCents },
    red_packets: {
      sent: whole(packets?.sent),
      cents: whole(packets?.cents),
      shares_grabbed: whole(shares?.grabbed),
      grabbed_cents: whole(shares?.cents),
      refunded_cents: whole(packets?.refunded),
    },
    votes: { total: totalVotes, free: totalVotes - paid, paid },
    revenue: { ...revenue, total: Object.values(revenue).reduce((sum, cents) => sum + cents, 0) },
  };
}

/** The figures of the event with this token, for whoever the caller checked may download them (null: no event). */
export async function eventFiguresByToken(
  services: Pick<Services, 'sql' | 'now' | 'realtime'>,
  token: string,
): Promise<ConsoleFigures | null> {
  const event = await services.sql
    .selectFrom('events')
    .select(['id', 'token'])
    .where('token', '=', token)
    .executeTakeFirst();
  if (!event) return null;
  const viewers = await services.realtime.viewers(event.token);
  return eventFigures(services.sql, { id: Number(event.id), token: event.token }, viewers, services.now());
}

export function consoleFigureHandlers(services: Pick<Services, 'sql' | 'now' | 'realtime'>): HandlerMap {
  const { sql, now, realtime } = services;
  return {
    async consoleFigures(request) {
      const viewer = await needViewer(sql, request, now());
      const event = await findEvent(sql, request.query.id);
      await requireOrganiserRole(sql, viewer.userId, event ? event.organisation_id : null, 'event_read');
      // requireOrganiserRole refuses null: a missing event never gets here.
      const { id, token } = event!;
      return ok(await eventFigures(sql, { id, token }, await realtime.viewers(token), now()));
    },
  };
}
