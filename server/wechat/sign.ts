/**
 * The JS-SDK config signature, as documented (tested against the official example). WeChat Pay's API v3 signatures
 * are in ./pay-sign.ts.
 */
import crypto from 'node:crypto';

/** JS-SDK: SHA-1 over `jsapi_ticket=..&noncestr=..&timestamp=..&url=..` (the page URL without its #fragment). */
export function jsSdkSignature(input: {
  jsapiTicket: string;
  nonceStr: string;
  timestamp: number | string;
  url: string;
}): string {
  const url = input.url.split('#')[0];
  const text = `jsapi_ticket=${input.jsapiTicket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`;
  return crypto.createHash('sha1').update(text).digest('hex');
}

export function nonce(bytes = 12): string {
  return crypto.randomBytes(bytes).toString('base64url').slice(0, 16);
}
