/**
 * The organiser console's events: one organisation's list (searched through the title index of
 * server/events/title-search.ts, sorted and paged on the server on the indexes of migration 032), and creating,
 * saving (with a version check), copying and archiving an event. What the console sets
 * is what the viewer app reads (server/events/routes.ts): the title, cover, start time (unix seconds), description
 * (plain text, shown as text), theme (`color_code`) and the gates: password, price in integer cents, phone number,
 * information form.
 */
import crypto from 'node:crypto';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { ContractSchema, RequestQuery } from '../contract/types.ts';
import type { Sql } from '../db/sql.ts';
import type { Database } from '../db/schema.ts';
import { ApiFailure, XCODE, type LocalizedText } from '../envelope.ts';
import { titleKey, type TitleSearch } from '../events/title-search.ts';

export type ConsoleEvent = ContractSchema<'ConsoleEvent'>;
export type ConsoleEventFields = ContractSchema<'ConsoleEventFields'>;
/**
 * An event's row, with its image text (event_image_text; null: none written) and its channel category (null: not
 * listed) where read.
 */
type EventRow = Selectable<Database['events']> & {
  image_text?: string | null;
  channel_category_id?: number | null;
};

/** The event's image text, as a column of a query on `events`. */
const imageText = (eb: ExpressionBuilder<Database, 'events'>) =>
  eb
    .selectFrom('event_image_text')
    .select('event_image_text.html')
    .whereRef('event_image_text.event_id', '=', 'events.id')
    .as('image_text');

/** The category of the organisation's channels the event is listed in (the first, where several), as a column. */
const channelCategory = (eb: ExpressionBuilder<Database, 'events'>) =>
  eb
    .selectFrom('channel_videos as v')
    .innerJoin('channels as c', 'c.id', 'v.channel_id')
    .select('v.category_id')
    .whereRef('v.event_id', '=', 'events.id')
    .whereRef('c.organisation_id', '=', 'events.organisation_id')
    .orderBy('v.channel_id')
    .orderBy('v.category_id')
    .limit(1)
    .as('channel_category_id');

/** The event's columns, its image text and its channel listing (the console's reads of one event). */
function eventRows(sql: Sql) {
  return sql.selectFrom('events').selectAll('events').select(imageText).select(channelCategory);
}

/** Each organisation's channels and their categories, in order: where the console lists an event. */
export async function organisationChannels(sql: Sql, organisationIds: readonly number[]) {
  type Channel = { id: number; title: string; categories: { id: number; name: string; name_en: string }[] };
  const byOrganisation = new Map<number, Channel[]>();
  if (organisationIds.length === 0) return byOrganisation;
  const rows = await sql
    .selectFrom('channels as c')
    .leftJoin('channel_categories as k', 'k.channel_id', 'c.id')
    .select(['c.organisation_id', 'c.id', 'c.title', 'k.id as category_id', 'k.name', 'k.name_en'])
    .where('c.organisation_id', 'in', organisationIds)
    .orderBy('c.id')
    .orderBy('k.position')
    .orderBy('k.id')
    .execute();
  for (const row of rows) {
    const channels = byOrganisation.get(Number(row.organisation_id)) ?? [];
    byOrganisation.set(Number(row.organisation_id), channels);
    let channel = channels.at(-1);
    if (channel?.id !== Number(row.id)) {
      channel = { id: Number(row.id), title: row.title, categories: [] };
      channels.push(channel);
    }
    if (row.category_id !== null)
      channel.categories.push({
        id: Number(row.category_id),
        name: row.name ?? '',
        name_en: row.name_en ?? '',
      });
  }
  return byOrganisation;
}

/** xcode of a save naming an older version than the event's. */
export const CONFLICT_XCODE = 409;

export const CONSOLE_MESSAGES = {
  noEvent: { 'zh-CN': '没有这个活动', en: 'No such event' },
  conflict: {
    'zh-CN': '其他人已修改了这个活动，请查看最新内容后再保存',
    en: 'Someone else changed this event: check the latest version, then save again',
  },
  blankTitle: { 'zh-CN': '标题不能为空', en: 'The title cannot be empty' },
  cover: {
    'zh-CN': '封面必须是上传的图片地址',
    en: 'The cover must be the address of an uploaded image',
  },
  copied: { 'zh-CN': '（副本）', en: ' (copy)' },
  category: {
    'zh-CN': '请选择本主办方频道的分类',
    en: "Pick a category of one of this organisation's channels",
  },
} as const satisfies Record<string, LocalizedText>;

/** A field the server refuses: the message under `data.fields[field]`, so the console shows it beside the field. */
export function fieldFailure(
  field: keyof ConsoleEventFields,
  text: LocalizedText,
  locale: keyof LocalizedText,
) {
  return new ApiFailure(XCODE.badRequest, text, { fields: { [field]: text[locale] } });
}

export function toConsoleEvent(row: EventRow): ConsoleEvent {
  return {
    id: Number(row.id),
    token: row.token,
    organisation_id: Number(row.organisation_id),
    version: Number(row.version),
    archived: Boolean(row.archived),
    live_status: row.live_status,
    views: Number(row.views),
    updated_at: Number(row.updated_at),
    title: row.title,
    cover: row.cover,
    start_time: Number(row.start_time),
    description: row.description,
    color_code: row.color_code,
    password: row.password,
    price_cents: Number(row.price_cents),
    needs_phone: Boolean(row.needs_phone),
    needs_info_form: Boolean(row.needs_info_form),
    ...(row.image_text !== undefined && { image_text: row.image_text ?? '' }),
    ...(row.channel_category_id !== undefined && {
      channel_category_id: Number(row.channel_category_id ?? 0),
    }),
  };
}

/** The event with this id, or undefined. */
export async function findEvent(sql: Sql, id: number): Promise<EventRow | undefined> {
  return eventRows(sql).where('events.id', '=', id).executeTakeFirst();
}

/** What the form's fields store: defaults for those left out, the title trimmed, the description's line ends unified. */
function columnsOf(fields: ConsoleEventFields) {
  return {
    title: fields.title.trim(),
    cover: fields.cover ?? '',
    start_time: fields.start_time,
    description: (fields.description ?? '').replace(/\r\n?/g, '\n'),
    color_code: fields.color_code ?? 'red',
    password: fields.password ?? '',
    price_cents: fields.price_cents ?? 0,
    needs_phone: fields.needs_phone ? 1 : 0,
    needs_info_form: fields.needs_info_form ? 1 : 0,
  };
}

/**
 * Refuses a field the contract's schema lets through but the event cannot take: a title of spaces, a cover that is
 * not an upload of this site's upload host (`uploadOrigin`; a cover the event already has stays allowed).
 */
export function checkFields(
  fields: ConsoleEventFields,
  context: { uploadPrefixes: readonly string[]; currentCover?: string; locale: keyof LocalizedText },
): void {
  if (!fields.title.trim()) throw fieldFailure('title', CONSOLE_MESSAGES.blankTitle, context.locale);
  const cover = fields.cover ?? '';
  const uploaded = context.uploadPrefixes.some(
    (prefix) => cover.startsWith(prefix) && cover.length > prefix.length,
  );
  if (cover && cover !== context.currentCover && (!uploaded || /[\s"'<>\\]/.test(cover)))
    throw fieldFailure('cover', CONSOLE_MESSAGES.cover, context.locale);
}

/** A viewer-app token for a new event: 12 characters of [a-z0-9] (the app's links carry it). */
function newToken(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(crypto.randomBytes(12), (byte) => alphabet[byte % alphabet.length]).join('');
}

export async function createEvent(
  sql: Sql,
  input: {
    organisationId: number;
    ownerId: number;
    fields: ConsoleEventFields;
    now: number;
    locale: keyof LocalizedText;
  },
): Promise<EventRow> {
  const id = await sql.transaction().execute(async (trx) => {
    const made = await trx
      .insertInto('events')
      .values({
        ...columnsOf(input.fields),
        token: newToken(),
        owner_id: input.ownerId,
        organisation_id: input.organisationId,
        updated_at: input.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveBeside(trx, { eventId: Number(made.id), organisationId: input.organisationId }, input);
    return made.id;
  });
  const row = await findEvent(sql, Number(id));
  if (!row) throw new Error(`event ${id} vanished after its insert`);
  return row;
}

/**
 * Saves the fields when the event is still at `version`, raising it (one conditional update: of two saves of one
 * version, one wins). A stale version answers CONFLICT_XCODE with the event as it is now.
 */
export async function updateEvent(
  sql: Sql,
  input: {
    id: number;
    version: number;
    fields: ConsoleEventFields;
    now: number;
    locale: keyof LocalizedText;
  },
): Promise<EventRow> {
  const saved = await sql.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('events')
      .set((eb) => ({
        ...columnsOf(input.fields),
        version: eb('version', '+', 1),
        updated_at: input.now,
      }))
      .where('id', '=', input.id)
      .where('version', '=', input.version)
      .returning(['id', 'organisation_id'])
      .executeTakeFirst();
    if (!updated) return undefined;
    await saveBeside(trx, { eventId: input.id, organisationId: Number(updated.organisation_id) }, input);
    return updated;
  });
  const row = await findEvent(sql, input.id);
  if (!row) throw new ApiFailure(XCODE.notFound, CONSOLE_MESSAGES.noEvent);
  if (!saved)
    throw new ApiFailure(CONFLICT_XCODE, CONSOLE_MESSAGES.conflict, { current: toConsoleEvent(row) });
  return row;
}

/** What the form sets beside the event's own row: its image text and its channel listing. */
async function saveBeside(
  sql: Sql,
  event: { eventId: number; organisationId: number },
  input: { fields: ConsoleEventFields; locale: keyof LocalizedText },
): Promise<void> {
  await saveImageText(sql, event.eventId, input.fields.image_text);
  await saveListing(sql, { ...event, category: input.fields.channel_category_id }, input.locale);
}

/**
 * The room's image text as written (the room sanitises it where it shows it, as it does the channel's HTML); a form
 * left without it keeps what the event has, an empty one removes it.
 */
async function saveImageText(sql: Sql, eventId: number, html: string | undefined): Promise<void> {
  if (html === undefined) return;
  if (!html.trim()) {
    await sql.deleteFrom('event_image_text').where('event_id', '=', eventId).execute();
    return;
  }
  await sql
    .insertInto('event_image_text')
    .values({ event_id: eventId, html })
    .onConflict((conflict) => conflict.column('event_id').doUpdateSet({ html }))
    .execute();
}

/**
 * Lists the event in one category of its organisation's channels (at the category's end), or in none (0), in place
 * of where it was listed in them; left out (undefined), the listing stays. A category of another organisation's
 * channel is refused beside the field.
 */
async function saveListing(
  sql: Sql,
  listing: { eventId: number; organisationId: number; category: number | undefined },
  locale: keyof LocalizedText,
): Promise<void> {
  const { eventId, organisationId, category } = listing;
  if (category === undefined) return;
  const target =
    category > 0
      ? await sql
          .selectFrom('channel_categories as k')
          .innerJoin('channels as c', 'c.id', 'k.channel_id')
          .select(['k.id', 'k.channel_id'])
          .where('k.id', '=', category)
          .where('c.organisation_id', '=', organisationId)
          .executeTakeFirst()
      : undefined;
  if (category > 0 && !target) throw fieldFailure('channel_category_id', CONSOLE_MESSAGES.category, locale);
  await sql
    .deleteFrom('channel_videos')
    .where('event_id', '=', eventId)
    .where('channel_id', 'in', (eb) =>
      eb.selectFrom('channels').select('channels.id').where('channels.organisation_id', '=', organisationId),
    )
    .execute();
  if (!target) return;
  const last = await sql
    .selectFrom('channel_videos')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('category_id', '=', target.id)
    .executeTakeFirst();
  await sql
    .insertInto('channel_videos')
    .values({
      channel_id: target.channel_id,
      category_id: target.id,
      event_id: eventId,
      position: Number(last?.position ?? 0) + 1,
    })
    .execute();
}

/**
 * A new event with the fields of `source` and its title marked as a copy; not live, no recordings, no audience, not
 * listed in a channel.
 */
export async function copyEvent(
  sql: Sql,
  source: EventRow,
  input: { ownerId: number; now: number; locale: keyof LocalizedText },
): Promise<EventRow> {
  const suffix = CONSOLE_MESSAGES.copied[input.locale];
  const title = [...source.title].slice(0, 60 - [...suffix].length).join('') + suffix;
  return createEvent(sql, {
    organisationId: Number(source.organisation_id),
    ownerId: input.ownerId,
    now: input.now,
    locale: input.locale,
    fields: {
      title,
      cover: source.cover,
      start_time: Number(source.start_time),
      description: source.description,
      color_code: source.color_code as ConsoleEventFields['color_code'],
      password: source.password,
      price_cents: Number(source.price_cents),
      needs_phone: Boolean(source.needs_phone),
      needs_info_form: Boolean(source.needs_info_form),
      image_text: source.image_text ?? '',
    },
  });
}

export async function archiveEvent(sql: Sql, id: number, archived: boolean, now: number): Promise<void> {
  await sql
    .updateTable('events')
    .set((eb) => ({ archived: archived ? 1 : 0, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .execute();
}

type ListQuery = RequestQuery<'consoleEventList'>;

/**
 * One page of the organisation's events: the archived ones or the others, titles containing the keyword, sorted by
 * the column asked for (then by id, so pages never overlap), with the total of the filter.
 */
export async function listEvents(sql: Sql, search: TitleSearch, organisationId: number, query: ListQuery) {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  const sort = query.sort ?? 'start_time';
  const order = query.order ?? 'desc';
  const keyword = query.keyword?.trim() ?? '';
  let filtered = sql
    .selectFrom('events')
    .where('organisation_id', '=', organisationId)
    .where('archived', '=', query.archived ? 1 : 0);
  if (titleKey(keyword))
    filtered = filtered.where(
      'id',
      'in',
      await search({ kind: 'organisation', id: organisationId }, keyword),
    );
  const [rows, count] = await Promise.all([
    filtered
      .selectAll()
      .orderBy(sort, order)
      .orderBy('id', order)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  return { list: rows.map(toConsoleEvent), total: Number(count?.total ?? 0), page, page_size: pageSize };
}
