/**
 * The .xlsx downloads: refusals answer JSON, a download by staff of the event's organisation whose role downloads is a
 * real workbook with the rows. (Staff of other organisations: server/security/organisations.test.ts.)
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { startSession } from '../accounts/sessions';
import { setMember } from '../organisations/members';
import { ORGANISATION_SEED } from '../seed/organisations';
import { SHOP_SEED_USERS } from '../seed/shop';

type App = Awaited<ReturnType<typeof buildServer>>;
let app: App;

// Building the server seeds every domain's demo data: slow on a loaded machine.
beforeAll(async () => {
  app = await buildServer({ databasePath: ':memory:', mode: 'test' });
}, 120_000);
afterAll(() => app.close());

const as = (token: string) => ({ authorization: `Bearer ${token}`, appid: 'livev3' });

describe('downloads', { timeout: 120_000 }, () => {
  it('answers JSON no download permission to a viewer who is no staff, or without a login', async () => {
    for (const headers of [as(SHOP_SEED_USERS.buyer.token), { appid: 'livev3' }]) {
      const reply = await app.inject({ method: 'GET', url: '/v3/api/download/orders?token=demo', headers });
      expect(reply.headers['content-type']).toContain('application/json');
      expect(reply.json()).toMatchObject({ code: 400, msg: '没有下载权限' });
      const english = await app.inject({
        method: 'GET',
        url: '/v3/api/download/orders?token=demo&locale=en',
        headers,
      });
      expect(english.json()).toMatchObject({ code: 400, msg: 'no download permission' });
    }
  });

  it('streams the demo orders as an .xlsx the spreadsheet opens', async () => {
    const reply = await app.inject({
      method: 'GET',
      url: '/v3/api/download/orders?token=demo',
      headers: as(SHOP_SEED_USERS.organiser.token),
    });
    expect(reply.headers['content-type']).toContain('spreadsheetml');
    expect(reply.headers['content-disposition']).toContain('orders-demo.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('订单号');
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(2).getCell(2).value).toBe('发布会纪念 T 恤');
  });

  it('pages through many rows (votes per player of contest 1)', async () => {
    const reply = await app.inject({
      method: 'GET',
      url: '/v3/api/download/players?vote_id=1',
      headers: as(SHOP_SEED_USERS.organiser.token),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(321);
  });

  it('lists the lottery winners of the event in full, one lottery with lottery_id, only for a role that downloads', async () => {
    // An event of its own (the demo organiser's): two lotteries, three winners (one gave delivery details), one
    // "thanks" draw.
    const token = 'dl-lottery';
    await app.sql
      .insertInto('events')
      .values({ token, owner_id: 1, organisation_id: ORGANISATION_SEED.demo, title: '抽奖下载' })
      .execute();
    await app.sql
      .insertInto('users')
      .values([
        { id: 7601, nickname: '王小明', phone: '13900007601', created_at: 0, permissions: '[]' },
        { id: 7602, nickname: '李四', phone: null, created_at: 0, permissions: '[]' },
        { id: 7603, nickname: '下载员', phone: null, created_at: 0, permissions: '[]' },
        { id: 7604, nickname: '签到员', phone: null, created_at: 0, permissions: '[]' },
      ])
      .execute();
    await setMember(app.sql, ORGANISATION_SEED.demo, 7603, 'data_viewer', 0);
    await setMember(app.sql, ORGANISATION_SEED.demo, 7604, 'check_in_staff', 0);
    const base = {
      event_token: token,
      rules: '',
      starts_at: 0,
      ends_at: 4_000_000_000,
      draw_limit: 3,
      draw_period: 'total' as const,
      requirement: 'none' as const,
      requirement_value: 0,
      thanks_weight: 1,
      time_zone: 'Asia/Shanghai',
    };
    await app.sql
      .insertInto('engage_lotteries')
      .values([
        { id: 7601, title: '开幕抽奖', ...base },
        { id: 7602, title: '闭幕抽奖', ...base },
      ])
      .execute();
    await app.sql
      .insertInto('engage_lottery_prizes')
      .values([
        { id: 7601, lottery_id: 7601, position: 0, name: '蓝牙耳机', image: '', stock: 0, weight: 1 },
        { id: 7602, lottery_id: 7602, position: 0, name: '保温杯', image: '', stock: 0, weight: 1 },
      ])
      .execute();
    const won = Date.UTC(2026, 5, 1, 4) / 1000;
    await app.sql
      .insertInto('engage_lottery_draws')
      .values([
        { id: 7601, lottery_id: 7601, user_id: 7601, prize_id: 7601, created_at: won },
        { id: 7602, lottery_id: 7601, user_id: 7602, prize_id: null, created_at: won },
        { id: 7603, lottery_id: 7602, user_id: 7602, prize_id: 7602, created_at: won + 60 },
        { id: 7604, lottery_id: 7602, user_id: 7601, prize_id: 7602, created_at: won + 120 },
      ])
      .execute();
    await app.sql
      .insertInto('engage_lottery_deliveries')
      .values({
        lottery_id: 7602,
        user_id: 7602,
        name: '李四',
        phone: '13800007602',
        address: '浙江省杭州市西湖区文三路 1 号',
        created_at: won + 600,
      })
      .execute();
    const rowsOf = async (url: string, token: string) => {
      const reply = await app.inject({ method: 'GET', url, headers: as(token) });
      expect(reply.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet.name).toBe('中奖名单');
      // Empty cells read back as missing: compare them as ''.
      return sheet
        .getSheetValues()
        .slice(1)
        .map((row) => Array.from({ length: 9 }, (_, column) => (row as unknown[])[column + 1] ?? ''));
    };
    const organiser = SHOP_SEED_USERS.organiser.token;
    const all = await rowsOf(`/v3/api/download/lottery_winners?token=${token}`, organiser);
    expect(all).toEqual([
      [
        '中奖编号',
        '抽奖活动',
        '奖品',
        '用户ID',
        '姓名',
        '手机号',
        '收货地址',
        '中奖时间',
        '收货信息提交时间',
      ],
      [7601, '开幕抽奖', '蓝牙耳机', 7601, '王小明', '13900007601', '', '2026-06-01 12:00:00', ''],
      [
        7603,
        '闭幕抽奖',
        '保温杯',
        7602,
        '李四',
        '13800007602',
        '浙江省杭州市西湖区文三路 1 号',
        '2026-06-01 12:01:00',
        '2026-06-01 12:10:00',
      ],
      [7604, '闭幕抽奖', '保温杯', 7601, '王小明', '13900007601', '', '2026-06-01 12:02:00', ''],
    ]);
    const one = await rowsOf(`/v3/api/download/lottery_winners?token=${token}&lottery_id=7601`, organiser);
    expect(one.slice(1).map((row) => row[0])).toEqual([7601]);

    // A data viewer of the organisation downloads it; its check-in staff do not; the event token is required.
    const sessions = await Promise.all([7603, 7604].map((id) => startSession(app.sql, id, app.now())));
    expect(await rowsOf(`/v3/api/download/lottery_winners?token=${token}`, sessions[0])).toHaveLength(4);
    const refused = await app.inject({
      method: 'GET',
      url: `/v3/api/download/lottery_winners?token=${token}`,
      headers: as(sessions[1]),
    });
    expect(refused.json()).toMatchObject({ code: 400, msg: '没有下载权限' });
    const noToken = await app.inject({
      method: 'GET',
      url: '/v3/api/download/lottery_winners',
      headers: as(organiser),
    });
    expect(noToken.json()).toMatchObject({ xcode: 400 });
  });

  it('needs the contest for contest downloads', async () => {
    const reply = await app.inject({
      method: 'GET',
      url: '/v3/api/download/votes',
      headers: as(SHOP_SEED_USERS.organiser.token),
    });
    expect(reply.json()).toMatchObject({ xcode: 400 });
  });
});
