/**
 * Events for the access-gate browser tests. Tests unlock these (a password, a purchase, the information form), so the
 * seeded events that screenshots show ('secret', 'paid', 'info') never change. Same stream and look as those.
 */
import type { Db } from '../db/database.ts';

/** SEED_EPOCH of server/seed.ts (importing it from there would be an import cycle). */
const SEED_EPOCH = 1767225600;

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

export function seedAccess(db: Db): void {
  const insert = db.prepare(
    `INSERT INTO events (token, owner_id, color_code, title, cover, description, live_status, start_time, views,
       live_stream, replay_stream, password, price_cents, needs_info_form)
     VALUES (?, 1, ?, ?, '/streams/vod/demo/cover.jpg', '', 1, ?, 0, 'demo', '', ?, ?, ?)`,
  );
  accessTestEvents.forEach((event, index) =>
    insert.run(
      event.token,
      event.color,
      event.title,
      SEED_EPOCH + index * 60,
      event.password,
      event.price,
      event.infoForm,
    ),
  );
  const insertPhone = db.prepare(
    `INSERT INTO events (token, owner_id, color_code, title, cover, description, live_status, start_time, views,
       live_stream, replay_stream, needs_phone)
     VALUES (?, 1, ?, ?, '/streams/vod/demo/cover.jpg', '绑定手机号后即可观看。', 1, ?, 0, 'demo', '', 1)`,
  );
  phoneEvents.forEach((event, index) =>
    insertPhone.run(
      event.token,
      event.color,
      event.title,
      SEED_EPOCH + (accessTestEvents.length + index) * 60,
    ),
  );
}
