/**
 * Organisations keep organisers apart. Before, organiser permissions were one flat list per user, and an account
 * holding `download` (or shop, vote_review, check_in) acted on every organiser's events: it downloaded another
 * organiser's information forms with names and phones. Now every organiser call acts for the organisation owning what
 * it names: each operation the contract marks `x-organiser` is called by staff (every role) of another organisation
 * and must answer its refusal, and by each role of the owning organisation, which must get through exactly where the
 * role allows it.
 */
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../accounts/sessions.ts';
import { projectRoot } from '../config.ts';
import { loadContract } from '../contract/load.ts';
import type { OrganiserRole } from '../db/tables/organisations.ts';
import { createOrganisation, setMember } from '../organisations/members.ts';
import {
  mayDo,
  ORGANISER_REFUSALS,
  ORGANISER_ROLES,
  PREVIEW_ROLES,
  type OrganiserAction,
} from '../organisations/roles.ts';
import { ORGANISATION_SEED } from '../seed/organisations.ts';
import { newViewer, testServer, type App } from './test-helpers.ts';

let app: App;
type Staff = Record<OrganiserRole, string>;
/** Session tokens of one member per role of the demo organisation (which owns every target below)... */
let demoStaff: Staff;
/** ... and of another organisation, with an event of its own. */
let otherStaff: Staff;

/** The flat permissions that opened what each role does, before organisations (they grant nothing now). */
const FLAT: Record<OrganiserRole, string[]> = {
  owner: ['owner'],
  operator: ['shop', 'vote_review', 'chat_admin', 'check_in', 'download'],
  data_viewer: ['download'],
  check_in_staff: ['check_in'],
};

async function staffOf(organisation: number): Promise<Staff> {
  const staff = {} as Staff;
  for (const role of ORGANISER_ROLES) {
    const { userId, token } = await newViewer(app, role);
    await setMember(app.sql, organisation, userId, role, app.now());
    await app.sql
      .updateTable('users')
      .set({ permissions: JSON.stringify(FLAT[role]) })
      .where('id', '=', userId)
      .execute();
    staff[role] = token;
  }
  return staff;
}

beforeAll(async () => {
  app = await testServer();
  const owner = await newViewer(app, 'other-organiser');
  const other = await createOrganisation(app.sql, {
    name: '别家主办方',
    ownerId: owner.userId,
    now: app.now(),
  });
  await app.sql
    .insertInto('events')
    .values({ token: 'other-event', owner_id: owner.userId, organisation_id: other, title: '别家活动' })
    .execute();
  demoStaff = await staffOf(ORGANISATION_SEED.demo);
  otherStaff = await staffOf(other);
  otherStaff.owner = owner.token;
  await app.sql
    .updateTable('users')
    .set({ permissions: '["owner"]' })
    .where('id', '=', owner.userId)
    .execute();
}, 120_000);
afterAll(() => app.close());

const at = (locale: 'zh-CN' | 'en') => ({ 'accept-language': locale });

async function call(request: InjectOptions, token: string, locale: 'zh-CN' | 'en' = 'zh-CN') {
  return app.inject({
    ...request,
    headers: { ...request.headers, ...at(locale), authorization: `Bearer ${token}` },
  });
}

/** A paid order of the demo organiser's product 1 (event `demo`), new for each call. */
let orderSeq = 0;
async function paidOrder(): Promise<string> {
  const { userId } = await newViewer(app, 'buyer');
  const orderSn = `ORG${Date.UTC(2026, 0, 1)}${++orderSeq}`;
  await app.sql
    .insertInto('shop_orders')
    .values({
      order_sn: orderSn,
      user_id: userId,
      product_id: 1,
      quantity: 1,
      unit_price_cents: 9900,
      amount_cents: 9900,
      state: 'paid',
      idempotency_key: orderSn,
      created_at: 0,
      expires_at: 0,
      paid_at: 0,
    })
    .execute();
  return orderSn;
}

/** A pending sign-up of contest 2 (the demo organiser's), new for each call. */
async function pendingSignUp(): Promise<number> {
  const { userId } = await newViewer(app, 'contestant');
  const { id } = await app.sql
    .insertInto('vote_sign_ups')
    .values({
      contest_id: 2,
      user_id: userId,
      name: '报名者',
      answers: '{}',
      status: 'pending',
      created_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An attendee of event `checkin-e2e` (the demo organiser's; activity 12 is open), new for each call. */
async function attendee(): Promise<number> {
  const { id } = await app.sql
    .insertInto('engage_checkin_attendees')
    .values({ event_token: 'checkin-e2e', name: '来宾', phone: '13800009999', user_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An event of the demo organiser's with a replay recording of its own (no other organisation plays it). */
let replaySeq = 0;
async function ownReplay(): Promise<string> {
  const token = `org-replay-${++replaySeq}`;
  await app.sql
    .insertInto('events')
    .values({
      token,
      owner_id: ORGANISATION_SEED.operator,
      organisation_id: ORGANISATION_SEED.demo,
      title: '字幕回放',
      replay_stream: token,
    })
    .execute();
  return token;
}

/** An event of the demo organiser's, new for each call (version 1), for the console's event operations. */
let consoleSeq = 0;
async function consoleEvent(): Promise<number> {
  const { id } = await app.sql
    .insertInto('events')
    .values({
      token: `org-console-${++consoleSeq}`,
      owner_id: ORGANISATION_SEED.operator,
      organisation_id: ORGANISATION_SEED.demo,
      title: '控制台活动',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An event of the demo organiser's whose publisher dropped (a broadcast reconnecting), for ending it in the console. */
async function reconnectingEvent(): Promise<number> {
  const id = await consoleEvent();
  await app.sql
    .insertInto('broadcasts')
    .values({
      event_id: id,
      state: 'reconnecting',
      started_at: app.now(),
      dropped_at: app.now(),
      ended_at: null,
      episode_id: null,
      recording_url: null,
    })
    .execute();
  return id;
}

const EVENT_FIELDS = { title: '新活动', start_time: 1_800_000_000, password: '2468', price_cents: 990 };

/** A line of the demo event's chat, new for each call (waiting for approval unless said otherwise). */
async function demoLine(status: 'shown' | 'waiting' = 'waiting'): Promise<number> {
  const { userId } = await newViewer(app, 'chatter');
  const event = await app.sql
    .selectFrom('events')
    .select('id')
    .where('token', '=', 'demo')
    .executeTakeFirstOrThrow();
  const { id } = await app.sql
    .insertInto('chat_messages')
    .values({ event_id: event.id, user_id: userId, kind: 'text', content: '待审', status, created_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const chat = (url: string, payload: (() => Promise<object>) | object) => [
  {
    action: 'chat_moderation' as const,
    request: async (): Promise<InjectOptions> => ({
      method: 'POST',
      url: `/v3/api/chat/${url}`,
      payload: { token: 'demo', ...(typeof payload === 'function' ? await payload() : payload) },
    }),
  },
];

const download = (query: string) => async (): Promise<InjectOptions> => ({
  method: 'GET',
  url: `/v3/api/download/${query}`,
  headers: { appid: 'livev3' },
});

/**
 * One case or more per operation marked `x-organiser`, each acting on something of the demo organiser's (made anew
 * for each call, so a call that gets through changes nothing the next one needs).
 */
const CASES: Record<string, { action: OrganiserAction; request: () => Promise<InjectOptions> }[]> = {
  download: [
    'orders?token=demo',
    'orders?vote_id=1',
    'votes?vote_id=1',
    'players?vote_id=1',
    'sign_ups?vote_id=2',
    'info_forms?token=info',
    'lottery_winners?token=demo',
    'lottery_winners?token=demo&lottery_id=1',
    'figures?token=demo',
  ].map((query) => ({ action: 'download', request: download(query) })),
  shopOrderShip: [
    {
      action: 'shop',
      request: async () => ({
        method: 'POST',
        url: '/v3/api/shop/order/ship',
        payload: { order_sn: await paidOrder(), tracking_no: 'SF100' },
      }),
    },
  ],
  shopSales: ['token=demo', 'vote_id=1'].map((query) => ({
    action: 'shop',
    request: async () => ({ method: 'GET', url: `/v3/api/shop/sales?${query}` }),
  })),
  voteSignUpReview: [
    {
      action: 'sign_up_review',
      request: async () => ({
        method: 'POST',
        url: '/v3/api/vote/sign_up/review',
        payload: { sign_up_id: await pendingSignUp(), decision: 'approved' },
      }),
    },
  ],
  chatBlacklist: [
    {
      action: 'chat_moderation',
      request: async () => ({
        method: 'POST',
        url: '/v3/api/chat/blacklist',
        payload: { token: 'demo', user_id: (await newViewer(app, 'noisy')).userId },
      }),
    },
  ],
  chatMute: chat('mute', async () => ({ user_id: (await newViewer(app, 'noisy')).userId, muted: true })),
  chatDelete: chat('delete', async () => ({ id: await demoLine('shown') })),
  chatMuteAll: chat('mute_all', { muted: false }),
  chatPin: chat('pin', { content: '欢迎来到直播间' }),
  chatUnpin: chat('unpin', {}),
  chatWords: [
    {
      action: 'chat_moderation',
      request: async () => ({ method: 'GET', url: '/v3/api/chat/words?token=demo' }),
    },
  ],
  chatWordsSave: chat('words', { words: ['广告'] }),
  chatReviewMode: chat('review_mode', { enabled: false }),
  chatWaiting: chat('waiting', {}),
  chatApprove: chat('approve', async () => ({ id: await demoLine() })),
  chatReject: chat('reject', async () => ({ id: await demoLine() })),
  chatModerationLog: chat('moderation/log', {}),
  chatModerationLines: chat('moderation/lines', {}),
  checkInSearch: [
    {
      action: 'check_in',
      request: async () => ({
        method: 'POST',
        url: '/v2/api/check_in/search',
        payload: { activity_id: 12, keyword: '来宾' },
      }),
    },
  ],
  videoSubtitleUpload: [
    {
      action: 'subtitles',
      request: async () => ({
        method: 'POST',
        url: '/v3/api/video/subtitles',
        payload: {
          token: await ownReplay(),
          language: 'en',
          name: 'English',
          file_name: 'en.srt',
          content: '1\n00:00:01,000 --> 00:00:02,500\nHello\n',
        },
      }),
    },
  ],
  consoleEventList: [
    {
      action: 'event_read',
      request: async () => ({
        method: 'GET',
        url: `/v3/api/console/events?organisation_id=${ORGANISATION_SEED.demo}&keyword=demo`,
      }),
    },
  ],
  consoleEventGet: [
    {
      action: 'event_read',
      request: async () => ({ method: 'GET', url: `/v3/api/console/event?id=${await consoleEvent()}` }),
    },
  ],
  consoleEventCreate: [
    {
      action: 'event_edit',
      request: async () => ({
        method: 'POST',
        url: '/v3/api/console/event/create',
        payload: { organisation_id: ORGANISATION_SEED.demo, event: EVENT_FIELDS },
      }),
    },
  ],
  consoleEventUpdate: [
    {
      action: 'event_edit',
      request: async () => ({
        method: 'POST',
        url: '/v3/api/console/event/update',
        payload: { id: await consoleEvent(), version: 1, event: EVENT_FIELDS },
      }),
    },
  ],
  consoleEventCopy: [
    {
      action: 'event_edit',
      request: async () => ({
        method: 'POST',
        url: '/v3/api/console/event/copy',
        payload: { id: await consoleEvent() },
      }),
    },
  ],
  consoleEventArchive: [
    {
      action: 'event_edit',
      request: async () => ({
        method: 'POST',
        url: '/v3/api/console/event/archive',
        payload: { id: await consoleEvent(), archived: true },
      }),
    },
  ],
  consoleLiveGet: [
    {
      action: 'event_edit',
      request: async () => ({ method: 'GET', url: `/v3/api/console/live?id=${await consoleEvent()}` }),
    },
  ],
  consoleLiveRotateKey: [
    {
      action: 'event_edit',
      request: async () => ({
        method: 'POST',
        url: '/v3/api/console/live/rotate-key',
        payload: { id: await consoleEvent() },
      }),
    },
  ],
  consoleLiveEnd: [
    {
      action: 'event_edit',
      request: async () => ({
        method: 'POST',
        url: '/v3/api/console/live/end',
        payload: { id: await reconnectingEvent() },
      }),
    },
  ],
  consoleFigures: [
    {
      action: 'event_read',
      request: async () => ({ method: 'GET', url: `/v3/api/console/figures?id=${await consoleEvent()}` }),
    },
  ],
  checkInRecord: [
    {
      action: 'check_in',
      request: async () => ({
        method: 'POST',
        url: '/v2/api/check_in/record',
        payload: { activity_id: 12, attendee_id: await attendee() },
      }),
    },
  ],
};

function expectRefused(
  action: OrganiserAction,
  response: Awaited<ReturnType<typeof call>>,
  locale: 'zh-CN' | 'en',
) {
  const { xcode, texts } = ORGANISER_REFUSALS[action];
  if (action === 'download') {
    // A refused download answers JSON instead of a file.
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ code: 400, msg: texts[locale], data: null });
    return;
  }
  expect(response.json()).toEqual({ xcode, msg: texts[locale], data: null });
}

function expectThrough(action: OrganiserAction, response: Awaited<ReturnType<typeof call>>) {
  if (action === 'download') expect(response.headers['content-type']).toContain('spreadsheetml');
  else expect(response.json()).toMatchObject({ xcode: 200 });
}

describe('organisations', { timeout: 120_000 }, () => {
  it('has a case for every operation the contract marks x-organiser, and for no other', () => {
    const contract = loadContract(path.join(projectRoot, 'schemas/api'));
    const marked = Object.values(contract.paths)
      .flatMap((operations) => Object.values(operations))
      .filter((operation) => operation['x-organiser'] === true)
      .map((operation) => operation.operationId)
      .sort();
    expect(marked).toEqual(Object.keys(CASES).sort());
  });

  it('refuses every organiser operation to staff of another organisation, whatever their role', async () => {
    for (const [operation, cases] of Object.entries(CASES))
      for (const { action, request } of cases)
        for (const role of ORGANISER_ROLES)
          for (const locale of ['zh-CN', 'en'] as const) {
            const response = await call(await request(), otherStaff[role], locale);
            try {
              expectRefused(action, response, locale);
            } catch (error) {
              throw new Error(`${operation} (${role} of another organisation, ${locale}): ${String(error)}`, {
                cause: error,
              });
            }
          }
  });

  it('lets each role of the owning organisation through exactly where the role allows it', async () => {
    for (const [operation, cases] of Object.entries(CASES))
      for (const { action, request } of cases)
        for (const role of ORGANISER_ROLES) {
          const response = await call(await request(), demoStaff[role], 'en');
          try {
            if (mayDo(role, action)) expectThrough(action, response);
            else expectRefused(action, response, 'en');
          } catch (error) {
            throw new Error(`${operation} (${role} of the owning organisation): ${String(error)}`, {
              cause: error,
            });
          }
        }
  });

  it('changes nothing when refused: the order stays paid, the sign-up pending, nobody is muted', async () => {
    const orderSn = await paidOrder();
    const signUp = await pendingSignUp();
    const noisy = await newViewer(app, 'noisy');
    const owner = otherStaff.owner;
    await call(
      { method: 'POST', url: '/v3/api/shop/order/ship', payload: { order_sn: orderSn, tracking_no: 'X' } },
      owner,
    );
    await call(
      {
        method: 'POST',
        url: '/v3/api/vote/sign_up/review',
        payload: { sign_up_id: signUp, decision: 'rejected' },
      },
      owner,
    );
    await call(
      { method: 'POST', url: '/v3/api/chat/blacklist', payload: { token: 'demo', user_id: noisy.userId } },
      owner,
    );
    const order = await app.sql
      .selectFrom('shop_orders')
      .select('state')
      .where('order_sn', '=', orderSn)
      .executeTakeFirstOrThrow();
    const sign = await app.sql
      .selectFrom('vote_sign_ups')
      .select('status')
      .where('id', '=', signUp)
      .executeTakeFirstOrThrow();
    const muted = await app.sql
      .selectFrom('chat_blacklist')
      .select('user_id')
      .where('user_id', '=', noisy.userId)
      .execute();
    expect([order.state, sign.status, muted]).toEqual(['paid', 'pending', []]);
  });

  it("keeps downloads and sales that name no event or contest to the caller's own organisations", async () => {
    const orders = await call(await download('orders')(), otherStaff.data_viewer);
    expect(orders.headers['content-type']).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const rowsOf = async (response: typeof orders) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets[0].rowCount;
    };
    // The other organisation sells nothing: the header row only. The demo organiser's staff get its orders.
    expect(await rowsOf(orders)).toBe(1);
    expect(await rowsOf(await call(await download('orders')(), demoStaff.data_viewer))).toBeGreaterThan(1);
    const sales = await call({ method: 'GET', url: '/v3/api/shop/sales' }, otherStaff.operator);
    expect(sales.json()).toMatchObject({ xcode: 200, data: { list: [], revenue_cents: 0 } });
    // Its own event's download is its own staff's.
    const own = await call(await download('info_forms?token=other-event')(), otherStaff.data_viewer);
    expect(own.headers['content-type']).toContain('spreadsheetml');
    expectRefused(
      'download',
      await call(await download('info_forms?token=other-event')(), demoStaff.operator),
      'zh-CN',
    );
  });

  it('refuses an event token that names no event and a contest that does not exist', async () => {
    for (const query of [
      'info_forms?token=no-such-event',
      'lottery_winners?token=no-such-event',
      'votes?vote_id=999',
    ])
      expectRefused('download', await call(await download(query)(), demoStaff.owner), 'zh-CN');
  });
});

describe("previewing one's own gated events", { timeout: 120_000 }, () => {
  const canWatch = async (token: string, session: string) =>
    (await call({ method: 'GET', url: `/v3/api/video/detail?token=${token}` }, session)).json().data
      .can_watch;

  it("lets owners and operators of the event's organisation past its gates, and nobody else", async () => {
    // `paid` costs 1.00 and `secret` asks a password: both the demo organisation's.
    for (const token of ['paid', 'secret'])
      for (const role of ORGANISER_ROLES) {
        expect([token, role, await canWatch(token, demoStaff[role])]).toEqual([
          token,
          role,
          PREVIEW_ROLES.includes(role),
        ]);
        expect([token, role, await canWatch(token, otherStaff[role])]).toEqual([token, role, false]);
      }
  });

  it('grants nothing to the account that created the event once it is no member of its organisation', async () => {
    const creator = await newViewer(app, 'creator');
    await app.sql
      .insertInto('events')
      .values({
        token: 'preview-paid',
        owner_id: creator.userId,
        organisation_id: ORGANISATION_SEED.demo,
        title: '付费预览',
        price_cents: 100,
      })
      .execute();
    expect(await canWatch('preview-paid', creator.token)).toBe(false);
    await setMember(app.sql, ORGANISATION_SEED.demo, creator.userId, 'operator', app.now());
    expect(await canWatch('preview-paid', creator.token)).toBe(true);
  });
});

describe('the leak this closes', { timeout: 120_000 }, () => {
  it("a flat download permission no longer downloads another organiser's information forms", async () => {
    // An information form of event `info` (the demo organiser's), with a name and a phone.
    const { userId } = await newViewer(app, 'attendee');
    const { id: eventId } = await app.sql
      .selectFrom('events')
      .select('id')
      .where('token', '=', 'info')
      .executeTakeFirstOrThrow();
    await app.sql
      .insertInto('info_forms')
      .values({
        event_id: eventId,
        user_id: userId,
        name: '王小明',
        phone: '13911112222',
        company: '',
        position: '',
        remark: '',
        agreement: 1,
        created_at: 0,
      })
      .execute();
    // Account B: the flat list that opened every organiser's downloads, and an organisation of its own.
    const b = await newViewer(app, 'account-b');
    await app.sql
      .updateTable('users')
      .set({ permissions: '["download"]' })
      .where('id', '=', b.userId)
      .execute();
    const asB = () =>
      app.inject({
        method: 'GET',
        url: '/v3/api/download/info_forms?token=info',
        headers: { authorization: `Bearer ${b.token}`, appid: 'livev3' },
      });
    expectRefused('download', await asB(), 'zh-CN');
    await createOrganisation(app.sql, { name: 'B', ownerId: b.userId, now: app.now() });
    expectRefused('download', await asB(), 'zh-CN');
    // The demo organiser (the event's organisation's owner) still downloads them.
    const organiser = await startSession(app.sql, 1, app.now());
    const reply = await app.inject({
      method: 'GET',
      url: '/v3/api/download/info_forms?token=info',
      headers: { authorization: `Bearer ${organiser}`, appid: 'livev3' },
    });
    expect(reply.headers['content-type']).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getSheetValues().flat()).toContain('13911112222');
  });
});
