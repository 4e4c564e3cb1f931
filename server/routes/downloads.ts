/**
 * Excel downloads (spec sections 6-8): GET with the `appid` and `authorization` headers, answered as an .xlsx file,
 * or JSON `{ code: 400, msg: 'no download permission' }` when the user's permission list does not name the
 * download's permission (the client takes any JSON answer as "no download permission").
 */
import type { FastifyReply } from 'fastify';
import { needViewer } from '../auth/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { Sql } from '../db/sql.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { DOWNLOAD_PERMISSION, DOWNLOAD_SCOPE, downloadName, xlsxStream } from '../shop/downloads.ts';
import { hasPermission } from '../shop/permissions.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function refuse(reply: FastifyReply, msg: string) {
  return reply.code(200).send({ code: 400, xcode: XCODE.badRequest, msg, data: null });
}

export function downloadHandlers(sql: Sql, now: () => number): HandlerMap {
  return {
    async download(request, reply) {
      const { kind } = request.params;
      const scope = request.query;
      let userId: number;
      try {
        userId = (await needViewer(sql, request, now())).userId;
      } catch (error) {
        if (error instanceof ApiFailure) return refuse(reply, 'no download permission');
        throw error;
      }
      if (!(await hasPermission(sql, userId, 'download', DOWNLOAD_PERMISSION[kind])))
        return refuse(reply, 'no download permission');
      const needs = DOWNLOAD_SCOPE[kind];
      if (needs && scope[needs] === undefined)
        throw new ApiFailure(XCODE.badRequest, { 'zh-CN': `缺少参数 ${needs}`, en: `Missing ${needs}` });
      const name = downloadName(kind, scope);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${name}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(xlsxStream(sql, kind, scope));
    },
  };
}
