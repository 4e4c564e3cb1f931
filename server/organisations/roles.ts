/**
 * Who may act for an organiser. An organisation owns events (and what hangs off them), channels and contests; its
 * members hold one role each, and the role says what they may do for that organisation only:
 *
 * | role             | may                                                                                |
 * | ---------------- | ---------------------------------------------------------------------------------- |
 * | `owner`          | everything                                                                         |
 * | `operator`       | the shop (ship, complete, sales), sign-up review, chat moderation, check-in, downloads, subtitles, |
 * |                  | events in the console (read, create, edit, copy, archive)                          |
 * | `data_viewer`    | downloads, reading events in the console                                           |
 * | `check_in_staff` | check-in (search attendees, check them in)                                         |
 *
 * Owners and operators also watch their organisation's events without passing the events' gates (password, price,
 * information form, phone), to preview them; data viewers and check-in staff pass the gates like any viewer. Having
 * created an event (`events.owner_id`) grants nothing by itself.
 *
 * Every organiser call and download asks `requireOrganiserRole` with the organisation that owns what it acts on
 * (server/organisations/owners.ts finds it). A refusal is the call's own permission-denied answer, as before
 * organisations existed: the shop's 40507, check-in's 40804, the chat's 403, the download's 'no download permission'.
 */
import type { ContractSchema } from '../contract/types.ts';
import type { Sql } from '../db/sql.ts';
import type { OrganiserRole } from '../db/tables/organisations.ts';
import { ENGAGE_XCODE } from '../engagement/common.ts';
import { ApiFailure, XCODE, type LocalizedText } from '../envelope.ts';
import { SHOP_XCODE } from '../shop/common.ts';

export type { OrganiserRole };

/** What an organiser call does, as far as roles are concerned (the contract names them: the viewer is told theirs). */
export type OrganiserAction = ContractSchema<'OrganiserAction'>;

export const ORGANISER_ACTIONS: readonly OrganiserAction[] = [
  'shop',
  'sign_up_review',
  'chat_moderation',
  'check_in',
  'download',
  'subtitles',
  'event_read',
  'event_edit',
];

export const ROLE_ACTIONS: Record<OrganiserRole, readonly OrganiserAction[]> = {
  owner: ORGANISER_ACTIONS,
  operator: [
    'shop',
    'sign_up_review',
    'chat_moderation',
    'check_in',
    'download',
    'subtitles',
    'event_read',
    'event_edit',
  ],
  data_viewer: ['download', 'event_read'],
  check_in_staff: ['check_in'],
};

export const ORGANISER_ROLES = Object.keys(ROLE_ACTIONS) as OrganiserRole[];

/** Each action's refusal: the xcode and message its calls answered for a missing permission before organisations. */
export const ORGANISER_REFUSALS: Record<OrganiserAction, { xcode: number; texts: LocalizedText }> = {
  shop: { xcode: SHOP_XCODE.noPermission, texts: { 'zh-CN': '没有权限', en: 'No permission' } },
  sign_up_review: { xcode: SHOP_XCODE.noPermission, texts: { 'zh-CN': '没有权限', en: 'No permission' } },
  chat_moderation: {
    xcode: XCODE.forbidden,
    texts: { 'zh-CN': '只有活动主办方可以禁言观众', en: 'Only the event owner can blacklist viewers' },
  },
  check_in: {
    xcode: ENGAGE_XCODE.notStaff,
    texts: { 'zh-CN': '仅工作人员可以操作', en: 'Only staff can do this' },
  },
  // The app shows its own text for any JSON answer to a download; the server's says the same in either language.
  download: { xcode: XCODE.badRequest, texts: { 'zh-CN': '没有下载权限', en: 'no download permission' } },
  subtitles: {
    xcode: XCODE.forbidden,
    texts: { 'zh-CN': '没有管理字幕的权限', en: 'No permission to manage subtitles' },
  },
  event_read: {
    xcode: XCODE.forbidden,
    texts: { 'zh-CN': '没有查看该主办方活动的权限', en: "No permission to see this organiser's events" },
  },
  event_edit: {
    xcode: XCODE.forbidden,
    texts: { 'zh-CN': '没有编辑该主办方活动的权限', en: "No permission to edit this organiser's events" },
  },
};

export const mayDo = (role: OrganiserRole, action: OrganiserAction) => ROLE_ACTIONS[role].includes(action);

/** The roles whose members watch their organisation's events without passing the events' gates. */
export const PREVIEW_ROLES: readonly OrganiserRole[] = ['owner', 'operator'];

/** Whether the user previews the event (by id): owner or operator of the organisation owning it. */
export async function previewsEvent(sql: Sql, userId: number, eventId: number): Promise<boolean> {
  const row = await sql
    .selectFrom('events')
    .innerJoin('organisation_members', 'organisation_members.organisation_id', 'events.organisation_id')
    .select('organisation_members.role')
    .where('events.id', '=', eventId)
    .where('organisation_members.user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined && PREVIEW_ROLES.includes(row.role);
}

/** The user's role in the organisation, or null when the user is no member. */
export async function roleIn(
  sql: Sql,
  userId: number,
  organisationId: number,
): Promise<OrganiserRole | null> {
  const row = await sql
    .selectFrom('organisation_members')
    .select('role')
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** What the user may do for the organisation: its role's actions, none without a role or without an organisation. */
export async function actionsIn(
  sql: Sql,
  userId: number,
  organisationId: number | null,
): Promise<OrganiserAction[]> {
  const role = organisationId === null ? null : await roleIn(sql, userId, organisationId);
  return role === null ? [] : [...ROLE_ACTIONS[role]];
}

/** The organisations in which the user may do the action (none for a viewer who is nobody's staff). */
export async function organisationsWhere(
  sql: Sql,
  userId: number,
  action: OrganiserAction,
): Promise<number[]> {
  const roles = ORGANISER_ROLES.filter((role) => mayDo(role, action));
  const rows = await sql
    .selectFrom('organisation_members')
    .select('organisation_id')
    .where('user_id', '=', userId)
    .where('role', 'in', roles)
    .orderBy('organisation_id')
    .execute();
  return rows.map((row) => Number(row.organisation_id));
}

/** True when the user's role in the organisation allows the action; false for null (owned by no organisation). */
export async function organiserMay(
  sql: Sql,
  userId: number,
  organisationId: number | null,
  action: OrganiserAction,
): Promise<boolean> {
  if (organisationId === null) return false;
  const role = await roleIn(sql, userId, organisationId);
  return role !== null && mayDo(role, action);
}

export function organiserRefusal(action: OrganiserAction): ApiFailure {
  const { xcode, texts } = ORGANISER_REFUSALS[action];
  return new ApiFailure(xcode, texts);
}

/**
 * Throws the action's refusal unless the user may do it for the organisation. `organisationId` is what the lookup of
 * the thing acted on found (owners.ts): the owning organisation; null when no organisation owns it (refused to
 * everyone); undefined when there is no such thing, which passes only for a user who may do the action in some
 * organisation, so that the call answers its own "not found" to staff and the refusal to everyone else.
 */
export async function requireOrganiserRole(
  sql: Sql,
  userId: number,
  organisationId: number | null | undefined,
  action: OrganiserAction,
): Promise<void> {
  const allowed =
    organisationId === undefined
      ? (await organisationsWhere(sql, userId, action)).length > 0
      : await organiserMay(sql, userId, organisationId, action);
  if (!allowed) throw organiserRefusal(action);
}
