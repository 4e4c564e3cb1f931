import { describe, expect, it } from 'vitest';
import { jsSdkSignature } from './sign';

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
});
