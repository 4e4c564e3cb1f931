/**
 * GET /v3/api/qiniu/upload/token: a signed upload token for a logged-in viewer, bound to a key prefix of its own
 * (`livev3/<user id>/<yyyymmdd>/<token id>/`), with the size and type limits in the put policy (fsizeLimit,
 * mimeLimit) so real Qiniu enforces them too. At most `tokensPerHour` tokens per viewer per hour; the local upload
 * host takes one file per token and at most `dailyBytes` per viewer per 24 hours (server/uploads/host.ts). Real Qiniu
 * keys configured -> a real Qiniu token for that bucket; otherwise a token for the local upload host.
 */
import crypto from 'node:crypto';
import { needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import { UPLOAD_HOST_PATH, UPLOADS_PATH } from './host.ts';
import { signUploadToken } from './token.ts';
import type { Services } from '../services.ts';

export const UPLOAD_MESSAGES = {
  tooMany: {
    'zh-CN': '上传太频繁，请稍后再试',
    en: 'Too many uploads, please try again later',
  },
} as const;

export function uploadHandlers(services: Pick<Services, 'sql' | 'now' | 'uploads' | 'settings'>): HandlerMap {
  const { sql, now, uploads: settings } = services;
  const { publicOrigin } = services.settings;
  return {
    async qiniuUploadToken(request) {
      const { userId } = await needViewer(sql, request, now());
      const at = now();
      const { issued } = await sql
        .selectFrom('upload_tokens')
        .select((eb) => eb.fn.countAll<number>().as('issued'))
        .where('user_id', '=', userId)
        .where('issued_at', '>', at - 3600_000)
        .executeTakeFirstOrThrow();
      if (Number(issued) >= (settings.tokensPerHour ?? 60))
        throw new ApiFailure(XCODE.tooManyRequests, UPLOAD_MESSAGES.tooMany);
      const id = crypto.randomBytes(12).toString('hex');
      await sql.insertInto('upload_tokens').values({ id, user_id: userId, issued_at: at }).execute();
      const date = new Date(at).toISOString().slice(0, 10).replace(/-/g, '');
      const prefix = `livev3/${userId}/${date}/${id}/`;
      const deadline = Math.floor(at / 1000) + settings.tokenTtlSeconds;
      const target = settings.qiniu ?? { ...settings.keys, bucket: settings.bucket, domain: '' };
      const uptoken = signUploadToken(target, {
        scope: `${target.bucket}:${prefix}`,
        isPrefixalScope: 1,
        deadline,
        fsizeLimit: settings.maxVideoBytes,
        mimeLimit: 'image/*;video/*',
        insertOnly: 1,
        endUser: String(userId),
      });
      return ok({
        prefix,
        domain: settings.qiniu ? settings.qiniu.domain : `${publicOrigin}${UPLOADS_PATH}`,
        uptoken,
        ...(settings.qiniu
          ? { region: settings.qiniu.region }
          : { uphost: `${publicOrigin}${UPLOAD_HOST_PATH}` }),
        expires_at: deadline,
        max_image_bytes: settings.maxImageBytes,
        max_video_bytes: settings.maxVideoBytes,
      });
    },
  };
}
