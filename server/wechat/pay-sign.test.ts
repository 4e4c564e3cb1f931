/**
 * WeChat Pay API v3 signatures. No official vector is reproduced here (WeChat's documented examples depend on the
 * documentation's own private keys, which are not at hand): each algorithm is checked against node:crypto with keys
 * generated for the test, building the signed message independently of the code under test.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authorization,
  decryptResource,
  encryptResource,
  jsapiPayParams,
  parseAuthorization,
  platformHeaders,
  verifyAuthorization,
  verifyPlatformSignature,
} from './pay-sign';

const keys = crypto.generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const other = crypto.generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const verify = (message: string, signature: string, key = keys.publicKey) =>
  crypto.verify(
    'sha256',
    Buffer.from(message),
    { key, padding: crypto.constants.RSA_PKCS1_PADDING },
    Buffer.from(signature, 'base64'),
  );

describe('request signature (WECHATPAY2-SHA256-RSA2048)', () => {
  it('signs "METHOD\\nURL\\nTIMESTAMP\\nNONCE\\nBODY\\n" with SHA256-RSA and puts the five fields in the header', () => {
    const body = '{"appid":"wx1","mchid":"1900000001"}';
    const header = authorization({
      mchId: '1900000001',
      serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      privateKey: keys.privateKey,
      method: 'POST',
      url: '/v3/pay/transactions/jsapi',
      body,
      timestamp: 1554208460,
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
    });
    expect(
      header.startsWith(
        'WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",',
      ),
    ).toBe(true);
    const fields = parseAuthorization(header)!;
    expect(fields).toMatchObject({
      timestamp: '1554208460',
      serial_no: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    });
    const message = [
      'POST',
      '/v3/pay/transactions/jsapi',
      '1554208460',
      '593BEC0C930BF1AFEB40B4A08C8FB242',
      body,
      '',
    ].join('\n');
    expect(verify(message, fields.signature)).toBe(true);
    expect(
      verifyAuthorization(
        header,
        { method: 'POST', url: '/v3/pay/transactions/jsapi', body },
        keys.publicKey,
      ),
    ).not.toBeNull();
    // GET requests sign an empty body; any change of method, path or body breaks the signature.
    expect(
      verifyAuthorization(header, { method: 'POST', url: '/v3/pay/transactions/h5', body }, keys.publicKey),
    ).toBeNull();
    expect(
      verifyAuthorization(
        header,
        { method: 'POST', url: '/v3/pay/transactions/jsapi', body: `${body} ` },
        keys.publicKey,
      ),
    ).toBeNull();
    expect(
      verifyAuthorization(
        header,
        { method: 'POST', url: '/v3/pay/transactions/jsapi', body },
        other.publicKey,
      ),
    ).toBeNull();
  });
});

describe('JSAPI paySign', () => {
  it('signs "appId\\ntimeStamp\\nnonceStr\\npackage\\n" with RSA; six non-empty parameters, signType RSA', () => {
    const params = jsapiPayParams({
      appId: 'wx8888888888888888',
      prepayId: 'wx201410272009395522657a690389285100',
      privateKey: keys.privateKey,
      timeStamp: 1414561699,
      nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
    });
    expect(params).toMatchObject({
      appId: 'wx8888888888888888',
      timeStamp: '1414561699',
      nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    const message =
      'wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n';
    expect(verify(message, params.paySign)).toBe(true);
    for (const value of Object.values(params)) expect(value).not.toBe('');
  });
});

describe('platform signature of answers and notifications', () => {
  it('verifies "timestamp\\nnonce\\nbody\\n" with the platform public key only', () => {
    const body = '{"id":"EV-2018022511223320873","event_type":"TRANSACTION.SUCCESS"}';
    const headers = platformHeaders(
      body,
      keys.privateKey,
      'PUB_KEY_ID_0114232134912410000000000000',
      1_800_000_000,
    );
    const message = `${headers['wechatpay-timestamp']}\n${headers['wechatpay-nonce']}\n${body}\n`;
    expect(verify(message, headers['wechatpay-signature'])).toBe(true);
    expect(verifyPlatformSignature(headers, body, keys.publicKey)).toBe(true);
    expect(verifyPlatformSignature(headers, body.replace('SUCCESS', 'SUCCES5'), keys.publicKey)).toBe(false);
    expect(verifyPlatformSignature(headers, body, other.publicKey)).toBe(false);
    expect(verifyPlatformSignature({ ...headers, 'wechatpay-nonce': 'x' }, body, keys.publicKey)).toBe(false);
    expect(verifyPlatformSignature({}, body, keys.publicKey)).toBe(false);
    expect(verifyPlatformSignature({ ...headers, 'wechatpay-signature': '%%%' }, body, keys.publicKey)).toBe(
      false,
    );
  });
});

describe('AEAD_AES_256_GCM resources', () => {
  const apiV3Key = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb';

  it('decrypts what AES-256-GCM (node:crypto, key = API v3 key, nonce, associated_data) encrypted, tag appended', () => {
    const plain = '{"out_trade_no":"1217752501201407033233368018","trade_state":"SUCCESS"}';
    const nonce = 'fdasflkja484';
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const ciphertext = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString(
      'base64',
    );
    expect(
      decryptResource(
        { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce, associated_data: 'transaction' },
        apiV3Key,
      ),
    ).toBe(plain);
    // Round trip through the emulator's side.
    const resource = encryptResource(plain, apiV3Key, 'refund', 'refund');
    expect(decryptResource(resource, apiV3Key)).toBe(plain);
  });

  it('refuses a wrong key, changed associated data or a flipped bit', () => {
    const resource = encryptResource('{"a":1}', apiV3Key, 'transaction', 'transaction');
    expect(() => decryptResource(resource, 'b7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb')).toThrow();
    expect(() => decryptResource({ ...resource, associated_data: 'refund' }, apiV3Key)).toThrow();
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[0] ^= 1;
    expect(() => decryptResource({ ...resource, ciphertext: bytes.toString('base64') }, apiV3Key)).toThrow();
    expect(() => decryptResource({ ...resource, ciphertext: 'AAAA' }, apiV3Key)).toThrow();
  });
});
