/**
 * Events for the access-gate browser tests. Tests unlock these (a password, a purchase, the information form), so the
 * seeded events that screenshots show ('secret', 'paid', 'info') never change. Same stream and look as those.
 */
import type { Sql } from '../db/sql.ts';
import { SEED_EPOCH } from './epoch.ts';

export const accessTestEvents = [
  {
    token: 'secret-e2e',
    title: '内部分享会（测试）',
    color: 'blackgold',
    password: '1234',
    price: 0,
    infoForm: 0,
  },
  { token: 'paid-e2e', title: '大师课（测试）', color: 'whitegold', password: '', price: 100, infoForm: 0 },
  { token: 'info-e2e', title: '行业峰会（测试）', color: 'darkblue', password: '', price: 0, infoForm: 1 },
] as const;

/**
 * Events that need a bound mobile phone: 'phone' for screenshots (nothing binds a phone on it: the gate asks each
 * viewer, and screenshots view it anonymously) and 'phone-e2e' where browser tests bind one.
 */
export const phoneEvents = [
  { token: 'phone', title: '新品品鉴会（需绑定手机）', color: 'bluegold' },
  { token: 'phone-e2e', title: '新品品鉴会（测试）', color: 'bluegold' },
] as const;

export async function seedAccess(sql: Sql): Promise<void> {
  const cover = '/streams/vod/demo/cover.jpg';
  await sql
    .insertInto('events')
    .values(
      accessTestEvents.map((event, index) => ({
        token: event.token,
        owner_id: 1,
        color_code: event.color,
        title: event.title,
        cover,
        description: '',
        live_status: 1,
        start_time: SEED_EPOCH + index * 60,
        views: 0,
        live_stream: 'demo',
        replay_stream: '',
        password: event.password,
        price_cents: event.price,
        needs_info_form: event.infoForm,
      })),
    )
    .execute();
  await sql
    .insertInto('events')
    .values(
      phoneEvents.map((event, index) => ({
        token: event.token,
        owner_id: 1,
        color_code: event.color,
        title: event.title,
        cover,
        description: '绑定手机号后即可观看。',
        live_status: 1,
        start_time: SEED_EPOCH + (accessTestEvents.length + index) * 60,
        views: 0,
        live_stream: 'demo',
        replay_stream: '',
        needs_phone: 1,
      })),
    )
    .execute();
}
