import { describe, expect, it } from 'vitest';
import { jsapiPayParams, jsSdkSignature, paySign } from './sign';

describe('WeChat signatures (official documented examples)', () => {
  it('JS-SDK config signature', () => {
    expect(
      jsSdkSignature({
        jsapiTicket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('ignores the #fragment of the page URL', () => {
    const base = { jsapiTicket: 't', nonceStr: 'n', timestamp: 1, url: 'https://x.test/livev3/' };
    expect(jsSdkSignature({ ...base, url: 'https://x.test/livev3/#/pages/home/index' })).toBe(
      jsSdkSignature(base),
    );
  });

  it('WeChat Pay v2 MD5 sign', () => {
    expect(
      paySign(
        {
          appid: 'wxd930ea5d5a258f4f',
          mch_id: '10000100',
          device_info: '1000',
          body: 'test',
          nonce_str: 'ibuaiVcKdpRxkhJA',
        },
        '192006250b4c09247ec02edce69f6a2d',
      ),
    ).toBe('9A0A8659F005D6984697E2CA0A9CF3B7');
  });

  it('skips empty values and the sign itself', () => {
    const key = '192006250b4c09247ec02edce69f6a2d';
    const params = {
      appid: 'wxd930ea5d5a258f4f',
      mch_id: '10000100',
      device_info: '1000',
      body: 'test',
      nonce_str: 'ibuaiVcKdpRxkhJA',
    };
    expect(paySign({ ...params, attach: '', sign: 'X' }, key)).toBe(paySign(params, key));
  });

  it('JSAPI parameters are all present and signed', () => {
    const params = jsapiPayParams({
      appId: 'wx1',
      prepayId: 'p1',
      apiKey: 'k',
      nonceStr: 'n',
      timeStamp: 1700000000,
    });
    expect(params).toMatchObject({
      appId: 'wx1',
      timeStamp: '1700000000',
      nonceStr: 'n',
      package: 'prepay_id=p1',
      signType: 'MD5',
    });
    const { paySign: signature, ...rest } = params;
    expect(signature).toBe(paySign(rest, 'k'));
    expect(
      jsapiPayParams({
        appId: 'wx1',
        prepayId: 'p1',
        apiKey: 'k',
        nonceStr: 'n',
        timeStamp: 1,
        signType: 'HMAC-SHA256',
      }).paySign,
    ).toMatch(/^[0-9A-F]{64}$/);
  });
});
