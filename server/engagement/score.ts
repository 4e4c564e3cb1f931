/**
 * Score queries: an organiser publishes a table and the fields a viewer must enter to see a row (e.g. name + the
 * last 4 digits of an ID number). Rows are stored under an HMAC of those normalised values, so a row is found only by
 * all of them together, and every miss (unknown name, wrong digits) gets the same answer: nothing tells whether a
 * person is in the table beyond a matching row. The rank list, when published, shows masked names only.
 */
import crypto from 'node:crypto';
import type { Sql } from '../db/sql.ts';
import type { Locale, LocalizedText } from '../envelope.ts';
import { ENGAGE_XCODE, fail, maskName, notFound } from './common.ts';

export type ScoreField = {
  key: string;
  label: LocalizedText;
  placeholder?: LocalizedText;
  /** Regular expression the entered value must match (after trimming). */
  pattern?: string;
  max_length: number;
};
export type ScoreColumn = { key: string; label: LocalizedText };

async function tableById(sql: Sql, id: number) {
  const row = await sql.selectFrom('engage_score_tables').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) notFound({ 'zh-CN': '成绩查询不存在', en: 'No such score query' });
  return {
    ...row,
    fields: JSON.parse(row.fields) as ScoreField[],
    columns: JSON.parse(row.columns) as ScoreColumn[],
  };
}

const normalise = (value: string) => value.normalize('NFKC').trim().replace(/\s+/g, ' ').toUpperCase();

/** The key a row is stored under: HMAC-SHA256 over the table's fields in order. */
export function matchKey(secret: string, fields: ScoreField[], values: Record<string, string>): string {
  const joined = fields.map((field) => normalise(values[field.key] ?? '')).join('\u001f');
  return crypto.createHmac('sha256', secret).update(joined).digest('hex');
}

export async function scorePage(sql: Sql, id: number, locale: Locale) {
  const table = await tableById(sql, id);
  return {
    id: table.id,
    title: table.title,
    description: table.description,
    fields: table.fields.map((field) => ({
      key: field.key,
      label: field.label[locale],
      placeholder: field.placeholder?.[locale] ?? '',
      pattern: field.pattern ?? '',
      max_length: field.max_length,
    })),
    rank_public: table.rank_public === 1,
  };
}

export async function queryScore(sql: Sql, id: number, values: Record<string, string>, locale: Locale) {
  const table = await tableById(sql, id);
  for (const field of table.fields) {
    const value = (values[field.key] ?? '').trim();
    const label = field.label[locale];
    if (!value)
      fail(400, { 'zh-CN': `${field.label['zh-CN']}不能为空`, en: `${field.label.en} cannot be empty` });
    if (value.length > field.max_length || (field.pattern && !new RegExp(field.pattern).test(value)))
      fail(400, { 'zh-CN': `${field.label['zh-CN']}格式不正确`, en: `${label} is not in the right format` });
  }
  const row = await sql
    .selectFrom('engage_score_rows')
    .select(['id', 'name', 'score', 'details'])
    .where('table_id', '=', id)
    .where('match_key', '=', matchKey(table.secret, table.fields, values))
    .executeTakeFirst();
  if (!row)
    fail(ENGAGE_XCODE.noScore, {
      'zh-CN': '未查询到匹配的成绩，请核对填写的信息',
      en: 'No matching result; please check what you entered',
    });
  const higher = await sql
    .selectFrom('engage_score_rows')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('table_id', '=', id)
    .where('score', '>', row.score)
    .executeTakeFirstOrThrow();
  const total = await sql
    .selectFrom('engage_score_rows')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('table_id', '=', id)
    .executeTakeFirstOrThrow();
  const details = JSON.parse(row.details) as Record<string, string | number>;
  return {
    name: row.name,
    score: row.score,
    rank: Number(higher.count) + 1,
    total: Number(total.count),
    items: table.columns.map((column) => ({
      label: column.label[locale],
      value: String(details[column.key] ?? ''),
    })),
  };
}

export async function scoreRankList(sql: Sql, id: number, page: number, pageSize: number) {
  const table = await tableById(sql, id);
  if (table.rank_public !== 1)
    fail(ENGAGE_XCODE.rankHidden, {
      'zh-CN': '主办方未公开排行榜',
      en: 'The organiser has not published a rank list',
    });
  const rows = await sql
    .selectFrom('engage_score_rows as r')
    .select([
      'r.id',
      'r.name',
      'r.score',
      (eb) =>
        eb
          .selectFrom('engage_score_rows as h')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('h.table_id', '=', id)
          .whereRef('h.score', '>', 'r.score')
          .as('higher'),
    ])
    .where('r.table_id', '=', id)
    .orderBy('r.score', 'desc')
    .orderBy('r.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const total = await sql
    .selectFrom('engage_score_rows')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('table_id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    list: rows.map((row) => ({
      rank: Number(row.higher ?? 0) + 1,
      name: maskName(row.name),
      score: row.score,
    })),
    total: Number(total.count),
    page,
    page_size: pageSize,
    has_more: page * pageSize < Number(total.count),
  };
}
