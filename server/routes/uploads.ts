/**
 * GET /v3/api/qiniu/upload/token: a signed upload token for the viewer (or the fallback user when nobody is logged
 * in), with the key prefix it allows and the domain files are served from. Real Qiniu keys configured -> a real
 * Qiniu token for that bucket; otherwise a token for the local upload host (server/uploads/host.ts).
 */
import { optionalViewer } from '../auth/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { Db } from '../db/database.ts';
import { ok } from '../envelope.ts';
import { UPLOAD_HOST_PATH, UPLOADS_PATH } from '../uploads/host.ts';
import type { UploadSettings } from '../uploads/settings.ts';
import { signUploadToken } from '../uploads/token.ts';

/** Uploads without a logged-in viewer go under this user id (spec section 9). */
export const FALLBACK_UPLOAD_USER_ID = 0;

export function uploadHandlers(
  db: Db,
  settings: UploadSettings,
  publicOrigin: string,
  now: () => number,
): HandlerMap {
  return {
    qiniuUploadToken(request) {
      const userId = optionalViewer(db, request, now())?.userId ?? FALLBACK_UPLOAD_USER_ID;
      const date = new Date(now()).toISOString().slice(0, 10).replace(/-/g, '');
      const prefix = `livev3/${userId}/${date}/`;
      const deadline = Math.floor(now() / 1000) + settings.tokenTtlSeconds;
      const target = settings.qiniu ?? { ...settings.keys, bucket: settings.bucket, domain: '' };
      const uptoken = signUploadToken(target, {
        scope: `${target.bucket}:${prefix}`,
        isPrefixalScope: 1,
        deadline,
        fsizeLimit: settings.maxVideoBytes,
        mimeLimit: 'image/*;video/*',
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
