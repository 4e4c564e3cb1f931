/**
 * Upload tokens, signed the way Qiniu signs them, so the real qiniu-js client reads them and a real Qiniu bucket
 * would accept them too: `accessKey:urlsafeBase64(hmacSha1(secretKey, encodedPolicy)):encodedPolicy`, where
 * encodedPolicy is the url-safe base64 of the JSON put policy (scope, deadline, fsizeLimit, mimeLimit, ...).
 */
import crypto from 'node:crypto';

export type PutPolicy = {
  /** `bucket:keyPrefix` (with isPrefixalScope 1: every key starting with keyPrefix). */
  scope: string;
  /** Unix seconds after which the token is refused. */
  deadline: number;
  isPrefixalScope?: 0 | 1;
  /** Largest accepted file in bytes. */
  fsizeLimit?: number;
  /** Accepted types, `;`-separated, `image/*` style wildcards allowed. */
  mimeLimit?: string;
  /** 1: a key is never overwritten (Qiniu refuses an existing key). */
  insertOnly?: 0 | 1;
  /** The viewer the token was issued to. */
  endUser?: string;
};

export type UploadKeys = { accessKey: string; secretKey: string };

export class UploadTokenError extends Error {}

export const urlSafeBase64 = (data: Buffer | string): string =>
  Buffer.from(data).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

export const fromUrlSafeBase64 = (text: string): Buffer =>
  Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

function sign(secretKey: string, encodedPolicy: string): string {
  return urlSafeBase64(crypto.createHmac('sha1', secretKey).update(encodedPolicy).digest());
}

export function signUploadToken(keys: UploadKeys, policy: PutPolicy): string {
  const encodedPolicy = urlSafeBase64(JSON.stringify(policy));
  return `${keys.accessKey}:${sign(keys.secretKey, encodedPolicy)}:${encodedPolicy}`;
}

/** The policy of a token this server signed; throws UploadTokenError for a forged, foreign or expired one. */
export function verifyUploadToken(keys: UploadKeys, token: string, nowMs: number): PutPolicy {
  const parts = token.trim().split(':');
  if (parts.length !== 3) throw new UploadTokenError('invalid upload token');
  const [accessKey, signature, encodedPolicy] = parts as [string, string, string];
  if (accessKey !== keys.accessKey) throw new UploadTokenError('unknown access key in upload token');
  const expected = Buffer.from(sign(keys.secretKey, encodedPolicy));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
    throw new UploadTokenError('bad upload token signature');
  let policy: PutPolicy;
  try {
    policy = JSON.parse(fromUrlSafeBase64(encodedPolicy).toString('utf8')) as PutPolicy;
  } catch {
    throw new UploadTokenError('invalid upload token policy');
  }
  if (typeof policy.scope !== 'string' || typeof policy.deadline !== 'number')
    throw new UploadTokenError('invalid upload token policy');
  if (policy.deadline * 1000 < nowMs) throw new UploadTokenError('upload token expired');
  return policy;
}

export function scopeOf(policy: PutPolicy): { bucket: string; keyPrefix: string } {
  const colon = policy.scope.indexOf(':');
  return colon < 0
    ? { bucket: policy.scope, keyPrefix: '' }
    : { bucket: policy.scope.slice(0, colon), keyPrefix: policy.scope.slice(colon + 1) };
}

/** Whether the policy lets the token write `key` in `bucket`. */
export function keyAllowed(policy: PutPolicy, bucket: string, key: string): boolean {
  const scope = scopeOf(policy);
  if (scope.bucket !== bucket) return false;
  if (!scope.keyPrefix) return true;
  return policy.isPrefixalScope === 1 ? key.startsWith(scope.keyPrefix) : key === scope.keyPrefix;
}

/** Whether `mime` matches the policy's mimeLimit (`image/*;video/*`). */
export function mimeAllowed(policy: PutPolicy, mime: string): boolean {
  if (!policy.mimeLimit) return true;
  return policy.mimeLimit.split(';').some((pattern) => {
    const rule = pattern.trim();
    return rule.endsWith('/*') ? mime.startsWith(rule.slice(0, -1)) : mime === rule;
  });
}
