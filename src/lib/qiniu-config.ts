/**
 * Where qiniu-js sends a file for an upload token (the server's `qiniuUploadToken`): the upload host the token names
 * (the reference server's local one), or the Qiniu region. Shared by the app's uploads (src/ui/upload/upload.ts) and
 * the organiser console's cover upload.
 */

/** Spec section 9's upload regions and their Qiniu region ids (used when the token names no upload host). */
const UPLOAD_REGIONS = { ECN: 'z0', NCN: 'z1', SCN: 'z2', NA: 'na0', ASG: 'as0' } as const;

type QiniuConfig = {
  uphost?: string;
  upprotocol?: 'http' | 'https';
  region?: (typeof UPLOAD_REGIONS)[keyof typeof UPLOAD_REGIONS];
  disableStatisticsReport: boolean;
};

/** qiniu-js reads uphost as host[:port][/path] plus a separate protocol. */
export function qiniuConfigFor(token: { uphost?: string; region?: string }): QiniuConfig {
  const base = { disableStatisticsReport: true };
  if (token.uphost) {
    const url = new URL(token.uphost, window.location.href);
    return {
      ...base,
      upprotocol: url.protocol === 'https:' ? 'https' : 'http',
      uphost: `${url.host}${url.pathname.replace(/\/+$/, '')}`,
    };
  }
  const region = UPLOAD_REGIONS[(token.region ?? 'ECN') as keyof typeof UPLOAD_REGIONS] ?? 'z0';
  return { ...base, upprotocol: 'https', region };
}
