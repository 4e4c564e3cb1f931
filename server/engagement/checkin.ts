/**
 * Check-in: an event's groups and activities (time window, optional place with a radius checked on the server from
 * the coordinates the browser or WeChat gives), a staff search of attendees, and the record call. One check-in per
 * person per activity is a unique (activity, person) key: a retry or a concurrent double tap answers the first record
 * with `repeated: true`.
 */
import { sql as raw } from 'kysely';
import type { RequestBody } from '../contract/types.ts';
import type { Sql } from '../db/sql.ts';
import { eventOrganisation } from '../organisations/owners.ts';
import { requireOrganiserRole } from '../organisations/roles.ts';
import { ENGAGE_XCODE, fail, maskPhone, notFound, windowStatus } from './common.ts';

const E6 = 1_000_000;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

export async function checkInGroups(sql: Sql, token: string) {
  const groups = await sql
    .selectFrom('engage_checkin_groups as g')
    .leftJoin('engage_checkin_activities as a', 'a.group_id', 'g.id')
    .select(['g.id', 'g.name', (eb) => eb.fn.count<number>('a.id').as('activity_count')])
    .where('g.event_token', '=', token)
    .groupBy(['g.id', 'g.name', 'g.position'])
    .orderBy('g.position')
    .execute();
  return { list: groups.map((group) => ({ ...group, activity_count: Number(group.activity_count) })) };
}

type ActivityRow = {
  id: number;
  group_id: number;
  event_token: string;
  title: string;
  place: string;
  starts_at: number;
  ends_at: number;
  latitude_e6: number | null;
  longitude_e6: number | null;
  radius_m: number | null;
};

async function present(sql: Sql, rows: ActivityRow[], userId: number | null, now: number) {
  const ids = rows.map((row) => row.id);
  const counts = new Map<number, number>();
  const mine = new Map<number, number>();
  if (ids.length) {
    const countRows = await sql
      .selectFrom('engage_checkin_records')
      .select(['activity_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('activity_id', 'in', ids)
      .groupBy('activity_id')
      .execute();
    for (const row of countRows) counts.set(row.activity_id, Number(row.count));
    if (userId !== null) {
      const myRows = await sql
        .selectFrom('engage_checkin_records')
        .select(['activity_id', 'created_at'])
        .where('activity_id', 'in', ids)
        .where('person', '=', `u${userId}`)
        .execute();
      for (const row of myRows) mine.set(row.activity_id, row.created_at);
    }
  }
  return rows.map((row) => ({
    id: row.id,
    group_id: row.group_id,
    title: row.title,
    place: row.place,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    status: windowStatus(row.starts_at, row.ends_at, now),
    location:
      row.latitude_e6 !== null && row.longitude_e6 !== null && row.radius_m !== null
        ? { latitude: row.latitude_e6 / E6, longitude: row.longitude_e6 / E6, radius_m: row.radius_m }
        : null,
    checked_in_count: counts.get(row.id) ?? 0,
    checked_in_at: userId === null ? null : (mine.get(row.id) ?? null),
  }));
}

export async function activityList(
  sql: Sql,
  query: { token: string; group_id?: number; mine?: boolean },
  userId: number | null,
  now: number,
) {
  let select = sql.selectFrom('engage_checkin_activities').selectAll().where('event_token', '=', query.token);
  if (query.group_id !== undefined) select = select.where('group_id', '=', query.group_id);
  if (query.mine && userId !== null) {
    select = select.where('id', 'in', (eb) =>
      eb.selectFrom('engage_checkin_records').select('activity_id').where('person', '=', `u${userId}`),
    );
  }
  const rows = await select.orderBy('starts_at').orderBy('id').execute();
  const list = await present(sql, rows, userId, now);
  return { list: query.mine ? list.filter((activity) => activity.checked_in_at !== null) : list, now };
}

async function activityById(sql: Sql, id: number): Promise<ActivityRow> {
  const row = await sql
    .selectFrom('engage_checkin_activities')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) notFound({ 'zh-CN': '签到活动不存在', en: 'No such check-in activity' });
  return row;
}

export async function activityDetail(sql: Sql, id: number, userId: number | null, now: number) {
  const [activity] = await present(sql, [await activityById(sql, id)], userId, now);
  return { ...activity, now };
}

/**
 * Staff of the activity's organisation (its event's) only: check-in staff, operators and owners of that organisation
 * (40804 for anyone else, staff of other organisations included).
 */
async function requireStaff(sql: Sql, userId: number, activity: ActivityRow | undefined): Promise<void> {
  const organisation = activity ? ((await eventOrganisation(sql, activity.event_token)) ?? null) : undefined;
  await requireOrganiserRole(sql, userId, organisation, 'check_in');
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Staff: attendees of the activity's event by name (contains) or phone (contains digits). */
export async function searchAttendees(sql: Sql, userId: number, activityId: number, keyword: string) {
  const found = await sql
    .selectFrom('engage_checkin_activities')
    .selectAll()
    .where('id', '=', activityId)
    .executeTakeFirst();
  // Refused before "no such activity", so only staff learn which activities exist.
  await requireStaff(sql, userId, found);
  const activity = found ?? (await activityById(sql, activityId));
  const text = keyword.trim();
  if (!text) fail(400, { 'zh-CN': '请输入姓名或手机号', en: 'Enter a name or a phone number' });
  const attendees = await sql
    .selectFrom('engage_checkin_attendees')
    .select(['id', 'name', 'phone', 'user_id'])
    .where('event_token', '=', activity.event_token)
    .where(
      /^\d+$/.test(text)
        ? raw<boolean>`phone LIKE ${likePattern(text)} ESCAPE '\\'`
        : raw<boolean>`name LIKE ${likePattern(text)} ESCAPE '\\'`,
    )
    .orderBy('name')
    .limit(20)
    .execute();
  const people = attendees.map((attendee) => personOf(attendee));
  const records = people.length
    ? await sql
        .selectFrom('engage_checkin_records')
        .select(['person', 'created_at'])
        .where('activity_id', '=', activityId)
        .where('person', 'in', people)
        .execute()
    : [];
  const at = new Map(records.map((record) => [record.person, record.created_at]));
  return {
    list: attendees.map((attendee) => ({
      id: attendee.id,
      name: attendee.name,
      phone: maskPhone(attendee.phone),
      checked_in_at: at.get(personOf(attendee)) ?? null,
    })),
  };
}

/** An attendee linked to an account is that account's person, so self and staff check-ins are one. */
const personOf = (attendee: { id: number; user_id: number | null }) =>
  attendee.user_id !== null ? `u${attendee.user_id}` : `a${attendee.id}`;

export type RecordInput = RequestBody<'checkInRecord'>;

export async function recordCheckIn(sql: Sql, userId: number, input: RecordInput, now: number) {
  const activity = await activityById(sql, input.activity_id);
  const status = windowStatus(activity.starts_at, activity.ends_at, now);
  if (status !== 'open')
    fail(
      ENGAGE_XCODE.checkInClosed,
      status === 'not_started'
        ? { 'zh-CN': '签到还未开始', en: 'Check-in has not started yet' }
        : { 'zh-CN': '签到已结束', en: 'Check-in has ended' },
    );
  let person = `u${userId}`;
  let attendeeId: number | null = null;
  let personUser: number | null = userId;
  let distance: number | null = null;
  if (input.attendee_id !== undefined) {
    await requireStaff(sql, userId, activity);
    const attendee = await sql
      .selectFrom('engage_checkin_attendees')
      .select(['id', 'user_id', 'event_token'])
      .where('id', '=', input.attendee_id)
      .executeTakeFirst();
    if (!attendee || attendee.event_token !== activity.event_token)
      notFound({ 'zh-CN': '参会人不存在', en: 'No such attendee' });
    person = personOf(attendee);
    attendeeId = attendee.id;
    personUser = attendee.user_id;
  } else if (activity.radius_m !== null && activity.latitude_e6 !== null && activity.longitude_e6 !== null) {
    if (input.latitude === undefined || input.longitude === undefined)
      fail(ENGAGE_XCODE.needLocation, {
        'zh-CN': '请允许获取位置后再签到',
        en: 'Allow access to your location to check in',
      });
    distance = Math.round(
      distanceMetres(input.latitude, input.longitude, activity.latitude_e6 / E6, activity.longitude_e6 / E6),
    );
    if (distance > activity.radius_m)
      fail(ENGAGE_XCODE.tooFar, {
        'zh-CN': `不在签到范围内（距离签到点 ${distance} 米，需在 ${activity.radius_m} 米内）`,
        en: `You are ${distance} m from the check-in point; check in within ${activity.radius_m} m`,
      });
  }
  const inserted = await sql
    .insertInto('engage_checkin_records')
    .values({
      activity_id: activity.id,
      person,
      user_id: personUser,
      attendee_id: attendeeId,
      by_user_id: userId,
      distance_m: distance,
      created_at: now,
    })
    .onConflict((conflict) => conflict.columns(['activity_id', 'person']).doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  const record =
    inserted ??
    (await sql
      .selectFrom('engage_checkin_records')
      .select(['id', 'created_at'])
      .where('activity_id', '=', activity.id)
      .where('person', '=', person)
      .executeTakeFirstOrThrow());
  return { id: record.id, activity_id: activity.id, checked_in_at: record.created_at, repeated: !inserted };
}
