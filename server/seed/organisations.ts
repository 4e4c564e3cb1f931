/**
 * The demo's organisations (a fresh database; migration 026 moves an older one's data the same way). Organisation 1
 * is the demo organiser's (user 1, '主办方'): every demo event, the channels, every contest, and the events the
 * shop's and check-in's browser tests use. Its staff: 7003 (shop, sign-up review, downloads) is an operator, 7101 is
 * check-in staff. Organisation 2 is the chat organiser's (chat-owner@livev3.test): `chat-demo`, `chat-pinned` and `chat-e2e`;
 * chat-moderator@livev3.test is its operator.
 * Runs after every other seed, so each seeded event, channel and contest has its organisation.
 */
import type { Sql } from '../db/sql.ts';
import { ENGAGE_SEED } from './engagement.ts';
import { SHOP_SEED_USERS } from './shop.ts';
import { SEED_EPOCH } from './epoch.ts';

const CREATED = SEED_EPOCH * 1000;
const DEMO_ORGANISER = 1;
const CHAT_ORGANISER_EMAIL = 'chat-owner@livev3.test';
const CHAT_OPERATOR_EMAIL = 'chat-moderator@livev3.test';

export const ORGANISATION_SEED = {
  demo: 1,
  chat: 2,
  operator: SHOP_SEED_USERS.organiser.id,
  checkInStaff: ENGAGE_SEED.staff.id,
};

export async function seedOrganisations(sql: Sql): Promise<void> {
  // Products, lotteries, daily bonuses and check-in activities name their event by token; the browser tests' tokens become events of their
  // own, so they belong to the demo organiser like the rest. No screen and no channel lists them.
  await sql
    .insertInto('events')
    .values([
      { token: 'shop-e2e', owner_id: DEMO_ORGANISER, title: '商城测试' },
      { token: 'checkin-e2e', owner_id: DEMO_ORGANISER, title: '签到测试' },
      { token: 'engage-e2e', owner_id: DEMO_ORGANISER, title: '互动测试' },
    ])
    .execute();
  const { id: chatOrganiser } = await sql
    .selectFrom('users')
    .select('id')
    .where('email', '=', CHAT_ORGANISER_EMAIL)
    .executeTakeFirstOrThrow();
  const { id: chatOperator } = await sql
    .selectFrom('users')
    .select('id')
    .where('email', '=', CHAT_OPERATOR_EMAIL)
    .executeTakeFirstOrThrow();
  const { demo, chat } = ORGANISATION_SEED;
  await sql
    .insertInto('organisations')
    .values([
      { id: demo, name: '主办方', created_at: CREATED },
      { id: chat, name: '聊天主持人', created_at: CREATED },
    ])
    .execute();
  await sql
    .insertInto('organisation_members')
    .values([
      { organisation_id: demo, user_id: DEMO_ORGANISER, role: 'owner', created_at: CREATED },
      { organisation_id: demo, user_id: ORGANISATION_SEED.operator, role: 'operator', created_at: CREATED },
      {
        organisation_id: demo,
        user_id: ORGANISATION_SEED.checkInStaff,
        role: 'check_in_staff',
        created_at: CREATED,
      },
      { organisation_id: chat, user_id: chatOrganiser, role: 'owner', created_at: CREATED },
      { organisation_id: chat, user_id: chatOperator, role: 'operator', created_at: CREATED },
    ])
    .execute();
  await sql
    .updateTable('events')
    .set({ organisation_id: chat })
    .where('owner_id', '=', chatOrganiser)
    .execute();
  await sql
    .updateTable('events')
    .set({ organisation_id: demo })
    .where('owner_id', '=', DEMO_ORGANISER)
    .execute();
  await sql
    .updateTable('channels')
    .set({ organisation_id: demo })
    .where('owner_id', '=', DEMO_ORGANISER)
    .execute();
  await sql.updateTable('contests').set({ organisation_id: demo }).execute();
}
