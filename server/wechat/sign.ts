/**
 * WeChat's signing algorithms, as documented: the JS-SDK config signature and WeChat Pay (API v2) signatures with
 * the JSAPI payment parameters built from them. Tested against the official documented examples.
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

/** WeChat Pay v2: non-empty parameters sorted by key, joined as k=v&..., then &key=API_KEY; MD5 or HMAC-SHA256, upper case. */
export function paySign(
  params: Record<string, string | number | undefined>,
  apiKey: string,
  signType: 'MD5' | 'HMAC-SHA256' = 'MD5',
): string {
  const text = Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  const signed = `${text}&key=${apiKey}`;
  const digest =
    signType === 'MD5'
      ? crypto.createHash('md5').update(signed, 'utf8').digest('hex')
      : crypto.createHmac('sha256', apiKey).update(signed, 'utf8').digest('hex');
  return digest.toUpperCase();
}

export type JsapiPayParams = {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'MD5' | 'HMAC-SHA256';
  paySign: string;
};

/** The parameter set the page hands to WeixinJSBridge 'getBrandWCPayRequest' (spec section 3). */
export function jsapiPayParams(input: {
  appId: string;
  prepayId: string;
  apiKey: string;
  nonceStr: string;
  timeStamp: number;
  signType?: 'MD5' | 'HMAC-SHA256';
}): JsapiPayParams {
  const signType = input.signType ?? 'MD5';
  const params = {
    appId: input.appId,
    timeStamp: String(input.timeStamp),
    nonceStr: input.nonceStr,
    package: `prepay_id=${input.prepayId}`,
    signType,
  };
  return { ...params, paySign: paySign(params, input.apiKey, signType) };
}

export function nonce(bytes = 12): string {
  return crypto.randomBytes(bytes).toString('base64url').slice(0, 16);
}
