/**
 * The provider's side of TC3-HMAC-SHA256, the signature every call to its API carries (the emulator checks it as
 * the service does): `Authorization: TC3-HMAC-SHA256 Credential=<SecretId>/<date>/<service>/tc3_request,
 * SignedHeaders=content-type;host, Signature=<hex>`, where the signature is an HMAC chain from the secret key over
 * the date, the service and `tc3_request`, applied to a string that hashes the canonical request (method, path,
 * query, the signed headers, the body's SHA-256).
 */
import crypto from 'node:crypto';

export type Tc3Request = {
  method: string;
  /** The path and query as received. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

export type Tc3Credential = { secretId: string; date: string; service: string };

/** Why a signature is refused, as the provider's error codes. */
export type Tc3Refusal =
  | 'AuthFailure.InvalidAuthorization'
  | 'AuthFailure.SignatureExpire'
  | 'AuthFailure.SecretIdNotFound'
  | 'AuthFailure.SignatureFailure';

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/** How far the request's X-TC-Timestamp may be from the provider's clock. */
export const TC3_MAX_SKEW_S = 300;

const header = (request: Tc3Request, name: string) => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

/** The UTC date (yyyy-mm-dd) of a Unix time in seconds, as the credential scope names it. */
const utcDate = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The signature of a request: the canonical request hashed under the key derived for the credential's scope. */
export function tc3Signature(
  request: Tc3Request,
  options: { secretKey: string; credential: Tc3Credential; signedHeaders: string[]; timestamp: string },
): string {
  const { credential, signedHeaders } = options;
  const [path, query = ''] = request.url.split(/\?(.*)/s);
  const canonicalHeaders = signedHeaders
    .map((name) => {
      // The SDK signs the host without its port (the provider's host has none).
      const value = name === 'host' ? header(request, 'host').replace(/:\d+$/, '') : header(request, name);
      return `${name}:${value.toLowerCase()}\n`;
    })
    .join('');
  const canonical = [
    request.method.toUpperCase(),
    path,
    query,
    canonicalHeaders,
    signedHeaders.join(';'),
    sha256(request.body),
  ].join('\n');
  const scope = `${credential.date}/${credential.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', options.timestamp, scope, sha256(canonical)].join('\n');
  const signing = hmac(
    hmac(hmac(`TC3${options.secretKey}`, credential.date), credential.service),
    'tc3_request',
  );
  return crypto.createHmac('sha256', signing).update(toSign).digest('hex');
}

/**
 * Checks a request's signature as the provider does: the header's form, the timestamp within 5 minutes of `nowS`,
 * a known SecretId (`secretKeyOf` answers its key, or null), the scope's date that of the timestamp, and the
 * signature itself. Answers the credential, or the provider's error code.
 */
export function verifyTc3(
  request: Tc3Request,
  options: { nowS: number; secretKeyOf: (secretId: string) => string | null },
): { credential: Tc3Credential } | { refused: Tc3Refusal } {
  const match =
    /^TC3-HMAC-SHA256 Credential=([^/\s]+)\/(\d{4}-\d{2}-\d{2})\/(\S+)\/tc3_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      header(request, 'authorization'),
    );
  const timestamp = header(request, 'x-tc-timestamp');
  if (!match || !/^\d{1,12}$/.test(timestamp)) return { refused: 'AuthFailure.InvalidAuthorization' };
  const [, secretId, date, service, signed, signature] = match;
  const signedHeaders = signed.split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('content-type'))
    return { refused: 'AuthFailure.InvalidAuthorization' };
  if (Math.abs(options.nowS - Number(timestamp)) > TC3_MAX_SKEW_S)
    return { refused: 'AuthFailure.SignatureExpire' };
  const secretKey = options.secretKeyOf(secretId);
  if (secretKey === null) return { refused: 'AuthFailure.SecretIdNotFound' };
  const credential = { secretId, date, service };
  if (date !== utcDate(Number(timestamp))) return { refused: 'AuthFailure.SignatureFailure' };
  const expected = tc3Signature(request, { secretKey, credential, signedHeaders, timestamp });
  if (!crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature)))
    return { refused: 'AuthFailure.SignatureFailure' };
  return { credential };
}
