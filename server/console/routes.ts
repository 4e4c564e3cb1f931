/**
 * The organiser console's contract operations (schemas/api/console.json): who the caller is staff of, and the events
 * of one organisation. Each event call asks requireOrganiserRole for the organisation owning the event (or named by
 * the request): event_read to read, event_edit to change.
 */
import { needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ok, requestLocale } from '../envelope.ts';
import { UPLOADS_PATH } from '../uploads/host.ts';
import { mayDo, requireOrganiserRole, ROLE_ACTIONS, type OrganiserAction } from '../organisations/roles.ts';
import type { Services } from '../services.ts';
import {
  archiveEvent,
  checkFields,
  copyEvent,
  createEvent,
  findEvent,
  listEvents,
  organisationChannels,
  toConsoleEvent,
  updateEvent,
} from './events.ts';
import { titleSearch } from '../events/title-search.ts';

export function consoleHandlers(
  services: Pick<Services, 'sql' | 'now' | 'settings' | 'uploads' | 'wechat' | 'caches'>,
): HandlerMap {
  const { sql, now, settings, uploads, wechat } = services;
  const search = titleSearch(services);
  // Covers come from the upload host the app's uploads go to: Qiniu's domain, or this server's.
  const uploadPrefixes = [
    ...(uploads.qiniu ? [`${uploads.qiniu.domain}/`] : []),
    `${settings.publicOrigin}${UPLOADS_PATH}/`,
    `${UPLOADS_PATH}/`,
  ];

  /** The event, once the caller may act on it; refused alike when it does not exist and when it is another's. */
  async function eventFor(userId: number, id: number, action: OrganiserAction) {
    const row = await findEvent(sql, id);
    await requireOrganiserRole(sql, userId, row ? row.organisation_id : null, action);
    // requireOrganiserRole refuses null: a missing event never gets here.
    return row!;
  }

  return {
    async consoleMe(request) {
      const viewer = await needViewer(sql, request, now());
      const [user, memberships] = await Promise.all([
        sql.selectFrom('users').select('nickname').where('id', '=', viewer.userId).executeTakeFirst(),
        sql
          .selectFrom('organisation_members as m')
          .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
          .select(['o.id', 'o.name', 'm.role'])
          .where('m.user_id', '=', viewer.userId)
          .orderBy('o.id')
          .execute(),
      ]);
      const channels = await organisationChannels(
        sql,
        memberships.filter((row) => mayDo(row.role, 'event_read')).map((row) => Number(row.id)),
      );
      return ok({
        user_id: viewer.userId,
        nickname: user?.nickname ?? '',
        organisations: memberships.map((row) => ({
          id: Number(row.id),
          name: row.name,
          role: row.role,
          may_read: mayDo(row.role, 'event_read'),
          may_edit: mayDo(row.role, 'event_edit'),
          actions: [...ROLE_ACTIONS[row.role]],
          channels: channels.get(Number(row.id)) ?? [],
        })),
      });
    },

    async consoleSignInOptions() {
      return ok({ wechat_qr: wechat.credentials.websiteAppId !== '' });
    },

    async consoleEventList(request) {
      const viewer = await needViewer(sql, request, now());
      const { organisation_id: organisationId } = request.query;
      await requireOrganiserRole(sql, viewer.userId, organisationId, 'event_read');
      return ok(await listEvents(sql, search, organisationId, request.query));
    },

    async consoleEventGet(request) {
      const viewer = await needViewer(sql, request, now());
      return ok(toConsoleEvent(await eventFor(viewer.userId, request.query.id, 'event_read')));
    },

    async consoleEventCreate(request) {
      const viewer = await needViewer(sql, request, now());
      const { organisation_id: organisationId, event: fields } = request.body;
      await requireOrganiserRole(sql, viewer.userId, organisationId, 'event_edit');
      checkFields(fields, { uploadPrefixes, locale: requestLocale(request) });
      const row = await createEvent(sql, {
        organisationId,
        ownerId: viewer.userId,
        fields,
        now: now(),
        locale: requestLocale(request),
      });
      return ok(toConsoleEvent(row));
    },

    async consoleEventUpdate(request) {
      const viewer = await needViewer(sql, request, now());
      const { id, version, event: fields } = request.body;
      const current = await eventFor(viewer.userId, id, 'event_edit');
      checkFields(fields, { uploadPrefixes, currentCover: current.cover, locale: requestLocale(request) });
      return ok(
        toConsoleEvent(
          await updateEvent(sql, { id, version, fields, now: now(), locale: requestLocale(request) }),
        ),
      );
    },

    async consoleEventCopy(request) {
      const viewer = await needViewer(sql, request, now());
      const source = await eventFor(viewer.userId, request.body.id, 'event_edit');
      const row = await copyEvent(sql, source, {
        ownerId: viewer.userId,
        now: now(),
        locale: requestLocale(request),
      });
      return ok(toConsoleEvent(row));
    },

    async consoleEventArchive(request) {
      const viewer = await needViewer(sql, request, now());
      const { id, archived } = request.body;
      await eventFor(viewer.userId, id, 'event_edit');
      await archiveEvent(sql, id, archived, now());
      // eventFor refused a missing event above, and archiving deletes nothing.
      return ok(toConsoleEvent((await findEvent(sql, id))!));
    },
  };
}
