// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { resetJsSdk } from '../../lib/wechat/js-sdk';
import { BROWSER_UA, clearFakes, fakeWx, WECHAT_UA } from '../../../tests/fake-wx';
import { resetSetup } from '../../lib/wechat/setup';
import { AccountJumpMp } from './AccountJumpMp';

const option = {
  appId: 'wx123',
  timestamp: 1700000000,
  nonceStr: 'n',
  signature: 's',
  jsApiList: ['previewImage'],
};
const props = { username: 'gh_0123456789ab', path: 'pages/index/index' };

function asBrowser(ua: string) {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ua);
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  resetJsSdk();
  resetSetup();
  clearFakes();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the mini-program jump page', () => {
  it('configures the JS-SDK inside WeChat with the open tag and scanQRCode, and shows the open tag', async () => {
    asBrowser(WECHAT_UA);
    const fake = fakeWx();
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ xcode: 200, msg: 'ok', data: option })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(<AccountJumpMp props={props} />);
    await vi.waitFor(() => expect(fake.wx.config).toHaveBeenCalledTimes(1));
    expect(fake.wx.config).toHaveBeenCalledWith(
      expect.objectContaining({
        appId: 'wx123',
        openTagList: ['wx-open-launch-weapp'],
        jsApiList: expect.arrayContaining(['scanQRCode']),
      }),
    );
    const tag = container.querySelector('wx-open-launch-weapp');
    expect(tag?.getAttribute('username')).toBe(props.username);
    expect(tag?.getAttribute('path')).toBe(props.path);
  });

  it('leaves the JS-SDK alone outside WeChat and shows no code to scan: only WeChat opens a mini program', async () => {
    asBrowser(BROWSER_UA);
    const fake = fakeWx();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { container, getByRole, getByText } = render(<AccountJumpMp props={props} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(fake.wx.config).not.toHaveBeenCalled();
    expect(container.querySelector('wx-open-launch-weapp')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(getByText(/opens only inside WeChat/)).toBeTruthy();
    expect(getByRole('button', { name: "Copy this page's link" })).toBeTruthy();
  });

  it('says plainly that no mini program is set up when config names none, in WeChat too', async () => {
    asBrowser(WECHAT_UA);
    const fake = fakeWx();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { container, getByText, queryByRole } = render(<AccountJumpMp props={{}} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getByText('No mini program is set up here, so there is nothing to open.')).toBeTruthy();
    expect(container.querySelector('wx-open-launch-weapp')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(queryByRole('button')).toBeNull();
    expect(fake.wx.config).not.toHaveBeenCalled();
  });
});
