/**
 * The organiser's Excel downloads: orders, vote records, votes per player, sign-ups, information forms and lottery
 * winners as a real .xlsx. ExcelJS's streaming workbook writer (a maintained library; the streaming writer commits each row to the zip
 * as it goes, so memory stays flat however long the sheet) fed by short keyset-paged queries (no connection is held
 * while the client reads), with the stream's back-pressure respected between pages.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { RequestParams, RequestQuery } from '../contract/types.ts';
import { eventFiguresByToken, type ConsoleFigures } from '../console/figures.ts';
import { productsOwnedBy } from '../organisations/owners.ts';
import type { Services } from '../services.ts';

export type DownloadKind = RequestParams<'download'>['kind'];

/** The scope a download needs: the event token, the contest, or none (orders may be narrowed by either). */
export const DOWNLOAD_SCOPE: Record<DownloadKind, 'token' | 'vote_id' | null> = {
  orders: null,
  votes: 'vote_id',
  players: 'vote_id',
  sign_ups: 'vote_id',
  info_forms: 'token',
  lottery_winners: 'token',
  figures: 'token',
};

/** What the sheets read: the database, and for the figures the clock and the rooms' audience. */
export type SheetSource = Pick<Services, 'sql' | 'now' | 'realtime'>;

export type DownloadScope = RequestQuery<'download'>;
type Cell = string | number;
type Sheet = {
  name: string;
  columns: { header: string; width: number }[];
  /** One page of rows after the cursor, and the next cursor. */
  page(after: number, size: number): Promise<{ rows: Cell[][]; last: number | null }>;
};

const PAGE = 5000;
const STATE_LABEL: Record<string, string> = {
  pending: '待支付',
  paid: '已支付',
  shipped: '已发货',
  completed: '已完成',
  cancelled: '已取消',
  refunded: '已退款',
  unpaid: '待缴费',
  approved: '已通过',
  rejected: '未通过',
};

/** China Standard Time, `YYYY-MM-DD HH:mm:ss`; accepts unix seconds or milliseconds. */
export function cstTime(value: number | null): string {
  if (!value) return '';
  const ms = value > 1e11 ? value : value * 1000;
  return new Date(ms + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
}
const yuan = (cents: number) => cents / 100;

function answersText(json: string): string {
  try {
    const answers = JSON.parse(json) as Record<string, unknown>;
    return Object.entries(answers)
      .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join('、') : String(value)}`)
      .join('; ');
  } catch {
    return '';
  }
}

/**
 * The sheet of a download. `organisationIds` are the organisations whose data the user may download: the caller has
 * checked the scope's event or contest belongs to one of them, and orders (the one kind whose scope is optional, and
 * whose contest's products may name another event) keep to their products.
 */
function sheetOf(
  source: SheetSource,
  kind: DownloadKind,
  scope: DownloadScope,
  organisationIds: number[],
): Sheet {
  const { sql } = source;
  const last = <T>(rows: T[], key: (row: T) => number, size: number) =>
    rows.length === size ? key(rows[rows.length - 1]) : null;
  switch (kind) {
    case 'orders':
      return {
        name: '订单',
        columns: [
          ['订单号', 22],
          ['商品', 24],
          ['数量', 8],
          ['单价(元)', 10],
          ['金额(元)', 10],
          ['状态', 10],
          ['收货人', 12],
          ['电话', 14],
          ['地址', 40],
          ['快递单号', 18],
          ['下单时间', 20],
          ['支付时间', 20],
        ].map(([header, width]) => ({ header: String(header), width: Number(width) })),
        async page(after, size) {
          let query = sql
            .selectFrom('shop_orders')
            .innerJoin('shop_products', 'shop_products.id', 'shop_orders.product_id')
            .select([
              'shop_orders.id',
              'order_sn',
              'shop_products.title',
              'quantity',
              'unit_price_cents',
              'amount_cents',
              'state',
              'receiver',
              'receiver_phone',
              'address_text',
              'tracking_no',
              'created_at',
              'paid_at',
            ])
            .where('shop_orders.id', '>', after)
            .where('shop_orders.product_id', 'in', productsOwnedBy(sql, organisationIds));
          if (scope.token !== undefined) query = query.where('shop_products.event_token', '=', scope.token);
          if (scope.vote_id !== undefined)
            query = query.where('shop_products.contest_id', '=', scope.vote_id);
          const rows = await query.orderBy('shop_orders.id').limit(size).execute();
          return {
            rows: rows.map((row) => [
              row.order_sn,
              row.title,
              row.quantity,
              yuan(row.unit_price_cents),
              yuan(row.amount_cents),
              STATE_LABEL[row.state] ?? row.state,
              row.receiver,
              row.receiver_phone,
              row.address_text,
              row.tracking_no,
              cstTime(row.created_at),
              cstTime(row.paid_at),
            ]),
            last: last(rows, (row) => row.id, size),
          };
        },
      };
    case 'votes':
      return {
        name: '投票记录',
        columns: [
          ['时间', 20],
          ['选手编号', 10],
          ['选手', 16],
          ['投票用户', 12],
          ['票数', 8],
          ['付费', 8],
        ].map(([header, width]) => ({ header: String(header), width: Number(width) })),
        async page(after, size) {
          const rows = await sql
            .selectFrom('vote_records')
            .innerJoin('players', 'players.id', 'vote_records.player_id')
            .select([
              'vote_records.id',
              'vote_records.created_at',
              'players.number',
              'players.name',
              'vote_records.user_id',
              'vote_records.count',
              'vote_records.paid',
            ])
            .where('vote_records.contest_id', '=', scope.vote_id ?? 0)
            .where('vote_records.id', '>', after)
            .orderBy('vote_records.id')
            .limit(size)
            .execute();
          return {
            rows: rows.map((row) => [
              cstTime(row.created_at),
              row.number,
              row.name,
              row.user_id,
              row.count,
              row.paid ? '是' : '否',
            ]),
            last: last(rows, (row) => row.id, size),
          };
        },
      };
    case 'players':
      return {
        name: '选手票数',
        columns: [
          ['编号', 10],
          ['选手', 16],
          ['票数', 10],
        ].map(([header, width]) => ({
          header: String(header),
          width: Number(width),
        })),
        async page(after, size) {
          const rows = await sql
            .selectFrom('players')
            .select(['number', 'name', 'votes'])
            .where('contest_id', '=', scope.vote_id ?? 0)
            .where('number', '>', after)
            .orderBy('number')
            .limit(size)
            .execute();
          return {
            rows: rows.map((row) => [row.number, row.name, row.votes]),
            last: last(rows, (row) => row.number, size),
          };
        },
      };
    case 'sign_ups':
      return {
        name: '报名',
        columns: [
          ['报名编号', 10],
          ['姓名', 14],
          ['状态', 10],
          ['报名信息', 60],
          ['报名时间', 20],
        ].map(([header, width]) => ({ header: String(header), width: Number(width) })),
        async page(after, size) {
          const rows = await sql
            .selectFrom('vote_sign_ups')
            .select(['id', 'name', 'status', 'answers', 'created_at'])
            .where('contest_id', '=', scope.vote_id ?? 0)
            .where('id', '>', after)
            .orderBy('id')
            .limit(size)
            .execute();
          return {
            rows: rows.map((row) => [
              row.id,
              row.name,
              STATE_LABEL[row.status] ?? row.status,
              answersText(row.answers),
              cstTime(row.created_at),
            ]),
            last: last(rows, (row) => row.id, size),
          };
        },
      };
    case 'info_forms':
      return {
        name: '信息登记',
        columns: [
          ['姓名', 12],
          ['手机号', 16],
          ['公司', 24],
          ['职位', 12],
          ['备注', 30],
          ['同意联系', 10],
          ['提交时间', 20],
        ].map(([header, width]) => ({ header: String(header), width: Number(width) })),
        async page(after, size) {
          const rows = await sql
            .selectFrom('info_forms')
            .innerJoin('events', 'events.id', 'info_forms.event_id')
            .select([
              'info_forms.user_id',
              'info_forms.name',
              'info_forms.phone',
              'info_forms.company',
              'info_forms.position',
              'info_forms.remark',
              'info_forms.agreement',
              'info_forms.created_at',
            ])
            .where('events.token', '=', scope.token ?? '')
            .where('info_forms.user_id', '>', after)
            .orderBy('info_forms.user_id')
            .limit(size)
            .execute();
          return {
            rows: rows.map((row) => [
              row.name,
              row.phone,
              row.company,
              row.position,
              row.remark,
              row.agreement ? '是' : '否',
              cstTime(row.created_at),
            ]),
            last: last(rows, (row) => row.user_id, size),
          };
        },
      };
    case 'figures':
      return {
        name: '数据',
        columns: [
          ['项目', 22],
          ['数值', 14],
          ['聊天条数', 12],
        ].map(([header, width]) => ({ header: String(header), width: Number(width) })),
        // One page: a few dozen figures and one row a minute (a day's event is 1,440 rows).
        async page() {
          const figures = await eventFiguresByToken(source, scope.token ?? '');
          return { rows: figures ? figureRows(figures) : [], last: null };
        },
      };
    case 'lottery_winners':
      // The organiser's staff may download, so names and phones are whole (as in the other sheets): the
      // delivery details the winner gave, else the account's nickname and phone.
      return {
        name: '中奖名单',
        columns: [
          ['中奖编号', 10],
          ['抽奖活动', 20],
          ['奖品', 20],
          ['用户ID', 10],
          ['姓名', 12],
          ['手机号', 16],
          ['收货地址', 40],
          ['中奖时间', 20],
          ['收货信息提交时间', 20],
        ].map(([header, width]) => ({ header: String(header), width: Number(width) })),
        async page(after, size) {
          let query = sql
            .selectFrom('engage_lottery_draws as d')
            .innerJoin('engage_lotteries as l', 'l.id', 'd.lottery_id')
            .innerJoin('engage_lottery_prizes as p', 'p.id', 'd.prize_id')
            .leftJoin('engage_lottery_deliveries as v', (join) =>
              join.onRef('v.lottery_id', '=', 'd.lottery_id').onRef('v.user_id', '=', 'd.user_id'),
            )
            .leftJoin('users as u', 'u.id', 'd.user_id')
            .select([
              'd.id',
              'l.title as lottery',
              'p.name as prize',
              'd.user_id',
              'v.name',
              'v.phone',
              'v.address',
              'v.created_at as delivered_at',
              'u.nickname',
              'u.phone as account_phone',
              'd.created_at as won_at',
            ])
            .where('l.event_token', '=', scope.token ?? '')
            .where('d.id', '>', after);
          if (scope.lottery_id !== undefined) query = query.where('d.lottery_id', '=', scope.lottery_id);
          const rows = await query.orderBy('d.id').limit(size).execute();
          return {
            rows: rows.map((row) => [
              row.id,
              row.lottery,
              row.prize,
              row.user_id,
              row.name ?? row.nickname ?? '',
              row.phone ?? row.account_phone ?? '',
              row.address ?? '',
              cstTime(row.won_at),
              cstTime(row.delivered_at),
            ]),
            last: last(rows, (row) => row.id, size),
          };
        },
      };
  }
}

/** The rows of the figures sheet: each figure with its value, then the viewers and chat lines of each minute. */
export function figureRows(figures: ConsoleFigures): Cell[][] {
  const { watch, chat, gifts, tips, red_packets: packets, votes, revenue } = figures;
  const lines = new Map(chat.per_minute.map((sample) => [sample.minute, sample.value]));
  const viewers = new Map(figures.viewers_per_minute.map((sample) => [sample.minute, sample.value]));
  const minutes = [...new Set([...viewers.keys(), ...lines.keys()])].sort((a, b) => a - b);
  return [
    ['当前观众', figures.viewers_now],
    ['观众峰值', figures.peak_viewers],
    ['观看时长合计(秒)', watch.total_seconds],
    ['观看人数(登录)', watch.viewers],
    ['人均观看时长(秒)', watch.per_viewer_seconds],
    ['聊天条数', chat.lines],
    ['发言人数', chat.senders],
    ['礼物(次)', gifts.count],
    ['礼物(件)', gifts.items],
    ['礼物金额(元)', yuan(gifts.cents)],
    ['打赏(次)', tips.count],
    ['打赏金额(元)', yuan(tips.cents)],
    ['红包(个)', packets.sent],
    ['红包金额(元)', yuan(packets.cents)],
    ['红包已领(份)', packets.shares_grabbed],
    ['红包已领金额(元)', yuan(packets.grabbed_cents)],
    ['红包退回金额(元)', yuan(packets.refunded_cents)],
    ['投票(票)', votes.total],
    ['免费票', votes.free],
    ['付费票', votes.paid],
    ['收入：门票(元)', yuan(revenue.tickets)],
    ['收入：礼物(元)', yuan(revenue.gifts)],
    ['收入：打赏(元)', yuan(revenue.tips)],
    ['收入：付费投票(元)', yuan(revenue.paid_votes)],
    ['收入：商城(元)', yuan(revenue.shop)],
    ['收入合计(元)', yuan(revenue.total)],
    ['统计时间', cstTime(figures.at)],
    [],
    ['每分钟', '观众', '聊天条数'],
    ...minutes.map((minute) => [cstTime(minute), viewers.get(minute) ?? 0, lines.get(minute) ?? 0]),
  ];
}

/** The file name a download is saved under (without extension). */
export function downloadName(kind: DownloadKind, scope: DownloadScope): string {
  const names: Record<DownloadKind, string> = {
    orders: 'orders',
    votes: 'vote-records',
    players: 'player-votes',
    sign_ups: 'sign-ups',
    info_forms: 'information-forms',
    lottery_winners: 'lottery-winners',
    figures: 'figures',
  };
  const of =
    (scope.vote_id !== undefined ? `-contest-${scope.vote_id}` : scope.token ? `-${scope.token}` : '') +
    (scope.lottery_id !== undefined ? `-lottery-${scope.lottery_id}` : '');
  return `${names[kind]}${of}`.replace(/[^\w.-]/g, '_');
}

/**
 * Writes the sheet into a stream as it reads it. The returned stream is what the response sends; an error while
 * writing destroys it (the client sees a broken download, not a half file that looks whole).
 */
export function xlsxStream(
  source: SheetSource,
  kind: DownloadKind,
  scope: DownloadScope,
  organisationIds: number[],
  pageSize = PAGE,
): PassThrough {
  const out = new PassThrough();
  const sheet = sheetOf(source, kind, scope, organisationIds);
  void (async () => {
    // Loaded on the first download, not at every server start (ExcelJS takes ~0.4 s to load).
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
      zip: { zlib: { level: 1 } },
    });
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.columns = sheet.columns.map((column) => ({ ...column, key: column.header }));
    let cursor: number | null = 0;
    while (cursor !== null) {
      const { rows, last }: { rows: Cell[][]; last: number | null } = await sheet.page(cursor, pageSize);
      for (const row of rows) worksheet.addRow(row).commit();
      cursor = last;
      if (out.writableNeedDrain) await once(out, 'drain');
      if (out.destroyed) return;
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
