/**
 * A cover image goes up the way the viewer app's uploads do (src/ui/upload/upload.ts): an upload token from the
 * server (`qiniuUploadToken`, bound to the signed-in account's own key prefix, with the size and type limits in its put
 * policy), then qiniu-js to the host the token names (this server's upload host, or Qiniu's region). The type is
 * checked before anything is sent and the size against the server's own image limit.
 */
import { api, type Data } from '../app/api.ts';

export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export type CoverProblem = { kind: 'type' } | { kind: 'size'; maxBytes: number } | { kind: 'failed' };

export class CoverRefused extends Error {
  constructor(readonly problem: CoverProblem) {
    super(problem.kind);
  }
}

type Token = Data<'qiniuUploadToken'>;

/** qiniu-js reads an upload host as host[:port][/path] and its protocol apart. */
function qiniuConfig(token: Token) {
  const base = { disableStatisticsReport: true };
  if (!token.uphost) return { ...base, upprotocol: 'https' as const };
  const url = new URL(token.uphost, window.location.href);
  return {
    ...base,
    upprotocol: url.protocol === 'https:' ? ('https' as const) : ('http' as const),
    uphost: `${url.host}${url.pathname.replace(/\/+$/, '')}`,
  };
}

const QINIU_REGIONS = { ECN: 'z0', NCN: 'z1', SCN: 'z2', NA: 'na0', ASG: 'as0' } as const;

/** The uploaded cover's URL (under the upload host the server accepts covers from). */
export async function uploadCover(file: File): Promise<string> {
  if (!(COVER_TYPES as readonly string[]).includes(file.type)) throw new CoverRefused({ kind: 'type' });
  const token = await api.get<'qiniuUploadToken'>('/v3/api/qiniu/upload/token');
  const maxBytes = token.max_image_bytes ?? 10 * 1024 * 1024;
  if (file.size > maxBytes) throw new CoverRefused({ kind: 'size', maxBytes });
  const extension = file.type.slice('image/'.length).replace('jpeg', 'jpg');
  const key = `${token.prefix}cover-${crypto.randomUUID()}.${extension}`;
  const { upload } = await import('qiniu-js');
  const config = {
    ...qiniuConfig(token),
    ...(token.region ? { region: QINIU_REGIONS[token.region] } : {}),
  };
  const stored = await new Promise<string>((resolve, reject) => {
    upload(file, key, token.uptoken, { fname: file.name, mimeType: file.type }, config).subscribe({
      error: () => reject(new CoverRefused({ kind: 'failed' })),
      complete: (result: { key?: string }) => resolve(result.key ?? key),
    });
  });
  return `${token.domain.replace(/\/+$/, '')}/${stored}`;
}
