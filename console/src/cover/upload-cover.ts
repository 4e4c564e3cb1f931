/**
 * A cover image goes up the way the viewer app's uploads do (src/ui/upload/upload.ts): an upload token from the
 * server (`qiniuUploadToken`, bound to the signed-in account's own key prefix, with the size and type limits in its put
 * policy), then qiniu-js to the host the token names (this server's upload host, or Qiniu's region: the app's
 * src/lib/qiniu-config.ts). The type is checked before anything is sent, the size against the server's image limit.
 */
import { qiniuConfigFor } from '../../../src/lib/qiniu-config';
import { api } from '../app/api.ts';

export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export type CoverProblem = { kind: 'type' } | { kind: 'size'; maxBytes: number } | { kind: 'failed' };

export class CoverRefused extends Error {
  constructor(readonly problem: CoverProblem) {
    super(problem.kind);
  }
}

/** The uploaded cover's URL (under the upload host the server accepts covers from). */
export async function uploadCover(file: File): Promise<string> {
  if (!(COVER_TYPES as readonly string[]).includes(file.type)) throw new CoverRefused({ kind: 'type' });
  const token = await api.get<'qiniuUploadToken'>('/v3/api/qiniu/upload/token');
  const maxBytes = token.max_image_bytes ?? 10 * 1024 * 1024;
  if (file.size > maxBytes) throw new CoverRefused({ kind: 'size', maxBytes });
  const extension = file.type.slice('image/'.length).replace('jpeg', 'jpg');
  const key = `${token.prefix}cover-${crypto.randomUUID()}.${extension}`;
  const { upload } = await import('qiniu-js');
  const stored = await new Promise<string>((resolve, reject) => {
    upload(
      file,
      key,
      token.uptoken,
      { fname: file.name, mimeType: file.type },
      qiniuConfigFor(token),
    ).subscribe({
      error: () => reject(new CoverRefused({ kind: 'failed' })),
      complete: (result: { key?: string }) => resolve(result.key ?? key),
    });
  });
  return `${token.domain.replace(/\/+$/, '')}/${stored}`;
}
