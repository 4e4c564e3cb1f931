/**
 * Excel downloads: GET with the `appid` and `authorization` headers, answered as an .xlsx file, or JSON
 * `{ code: 400, msg: 'no download permission' }` (in the request's language) unless the user may download the data of
 * the organisation that owns the event or contest asked for (server/organisations/; the client takes any JSON answer
 * as "no download permission").
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, localize, requestLocale, XCODE } from '../envelope.ts';
import { contestOrganisation, eventOrganisation } from '../organisations/owners.ts';
import { ORGANISER_REFUSALS, organisationsWhere, requireOrganiserRole } from '../organisations/roles.ts';
import { DOWNLOAD_SCOPE, downloadName, xlsxStream, type DownloadScope } from './exports.ts';
import type { Services } from '../services.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 'no download permission' in the request's language, as JSON instead of the file. */
function refuse(request: FastifyRequest, reply: FastifyReply) {
  const msg = localize(ORGANISER_REFUSALS.download.texts, requestLocale(request));
  return reply.code(200).send({ code: 400, xcode: XCODE.badRequest, msg, data: null });
}

/**
 * Staff of the organisation of the event (`token`) and of the contest (`vote_id`) the download names, who may
 * download its data; an event or contest that does not exist, or that no organisation owns, is refused. A download
 * naming neither (orders of every event, or a kind missing its scope, answered 400 next) needs the role in some
 * organisation, and its rows keep to the organisations where the user has it.
 */
async function requireDownload(sql: Sql, userId: number, scope: DownloadScope): Promise<void> {
  const owners = [
    ...(scope.token !== undefined ? [(await eventOrganisation(sql, scope.token)) ?? null] : []),
    ...(scope.vote_id !== undefined ? [(await contestOrganisation(sql, scope.vote_id)) ?? null] : []),
  ];
  for (const owner of owners.length ? owners : [undefined])
    await requireOrganiserRole(sql, userId, owner, 'download');
}

export function downloadHandlers(services: Pick<Services, 'sql' | 'now' | 'realtime'>): HandlerMap {
  const { sql, now } = services;
  return {
    async download(request, reply) {
      const { kind } = request.params;
      const scope = request.query;
      let userId: number;
      try {
        userId = (await needViewer(sql, request, now())).userId;
      } catch (error) {
        if (error instanceof ApiFailure) return refuse(request, reply);
        throw error;
      }
      try {
        await requireDownload(sql, userId, scope);
      } catch (error) {
        if (error instanceof ApiFailure) return refuse(request, reply);
        throw error;
      }
      const needs = DOWNLOAD_SCOPE[kind];
      if (needs && scope[needs] === undefined)
        throw new ApiFailure(XCODE.badRequest, { 'zh-CN': `缺少参数 ${needs}`, en: `Missing ${needs}` });
      const name = downloadName(kind, scope);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${name}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(xlsxStream(services, kind, scope, await organisationsWhere(sql, userId, 'download')));
    },
  };
}
