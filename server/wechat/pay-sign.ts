/**
 * WeChat Pay API v3 signatures, as WeChat Pay documents them:
 * - requests: `WECHATPAY2-SHA256-RSA2048` over "METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n", SHA256 with RSA
 *   (PKCS#1 v1.5) by the merchant private key, base64, sent in the Authorization header with the mchid, nonce,
 *   timestamp and the merchant certificate serial;
 * - answers and notifications: "TIMESTAMP\nNONCE\nBODY\n" signed by WeChat Pay's platform key, in the headers
 *   Wechatpay-Timestamp, Wechatpay-Nonce, Wechatpay-Signature, Wechatpay-Serial;
 * - JSAPI payment parameters: paySign over "appId\ntimeStamp\nnonceStr\npackage\n", signType RSA;
 * - notification resources: AEAD_AES_256_GCM with the API v3 key, the resource's nonce and associated_data; the
 *   ciphertext is base64 of the encrypted text followed by the 16-byte tag.
 */
import crypto from 'node:crypto';

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

export function nonceStr(bytes = 16): string {
  return crypto.randomBytes(bytes).toString('hex').toUpperCase();
}

export function rsaSign(message: string, privateKey: string): string {
  return crypto.createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function rsaVerify(message: string, signature: string, publicKey: string): boolean {
  try {
    return crypto.createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** The Authorization header of an API v3 request. `url` is the path with its query, e.g. /v3/pay/transactions/jsapi. */
export function authorization(input: {
  mchId: string;
  serialNo: string;
  privateKey: string;
  method: string;
  url: string;
  body: string;
  timestamp: number;
  nonce?: string;
}): string {
  const { timestamp } = input;
  const nonce = input.nonce ?? nonceStr();
  const message = `${input.method.toUpperCase()}\n${input.url}\n${timestamp}\n${nonce}\n${input.body}\n`;
  const signature = rsaSign(message, input.privateKey);
  return `${AUTH_SCHEMA} mchid="${input.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${input.serialNo}"`;
}

/** Parses an Authorization header of the WECHATPAY2-SHA256-RSA2048 schema (null when it is not one). */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g))
    fields[match[1]] = match[2];
  return fields;
}

/** Verifies a request signed by `authorization` (what WeChat Pay does; the emulator uses it). */
export function verifyAuthorization(
  header: string | undefined,
  request: { method: string; url: string; body: string },
  publicKey: string,
): Record<string, string> | null {
  const fields = parseAuthorization(header);
  if (!fields?.signature || !fields.timestamp || !fields.nonce_str) return null;
  const message = `${request.method.toUpperCase()}\n${request.url}\n${fields.timestamp}\n${fields.nonce_str}\n${request.body}\n`;
  return rsaVerify(message, fields.signature, publicKey) ? fields : null;
}

export type SignedHeaders = {
  'wechatpay-timestamp': string;
  'wechatpay-nonce': string;
  'wechatpay-signature': string;
  'wechatpay-serial': string;
};

/** Headers WeChat Pay puts on its answers and notifications (the emulator signs with them). */
export function platformHeaders(
  body: string,
  privateKey: string,
  serial: string,
  timestamp: number,
): SignedHeaders {
  const ts = String(timestamp);
  const nonce = nonceStr();
  return {
    'wechatpay-timestamp': ts,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': rsaSign(`${ts}\n${nonce}\n${body}\n`, privateKey),
    'wechatpay-serial': serial,
  };
}

/** Checks the platform signature of an answer or notification body (never parsed before this passes). */
export function verifyPlatformSignature(
  headers: Record<string, string | string[] | undefined>,
  body: string,
  publicKey: string,
): boolean {
  const one = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const timestamp = one('wechatpay-timestamp');
  const nonce = one('wechatpay-nonce');
  const signature = one('wechatpay-signature');
  if (!timestamp || !nonce || !signature) return false;
  return rsaVerify(`${timestamp}\n${nonce}\n${body}\n`, signature, publicKey);
}

export type JsapiPayParams = {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
};

/** The six parameters for WeixinJSBridge 'getBrandWCPayRequest' (API v3 JSAPI). */
export function jsapiPayParams(input: {
  appId: string;
  prepayId: string;
  privateKey: string;
  timeStamp: number;
  nonceStr?: string;
}): JsapiPayParams {
  const timeStamp = String(input.timeStamp);
  const nonce = input.nonceStr ?? nonceStr();
  const pkg = `prepay_id=${input.prepayId}`;
  return {
    appId: input.appId,
    timeStamp,
    nonceStr: nonce,
    package: pkg,
    signType: 'RSA',
    paySign: rsaSign(`${input.appId}\n${timeStamp}\n${nonce}\n${pkg}\n`, input.privateKey),
  };
}

export type EncryptedResource = {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  nonce: string;
  associated_data: string;
  original_type?: string;
};

/** Decrypts a notification resource with the API v3 key; throws when the tag does not match. */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM')
    throw new Error(`unsupported algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/** What WeChat Pay does to a notification's resource (the emulator uses it). */
export function encryptResource(
  plaintext: string,
  apiV3Key: string,
  associatedData: string,
  originalType: string,
): EncryptedResource {
  const nonce = nonceStr(6);
  const cipher = crypto.createCipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(nonce, 'utf8'),
  );
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: encrypted.toString('base64'),
    nonce,
    associated_data: associatedData,
    original_type: originalType,
  };
}
