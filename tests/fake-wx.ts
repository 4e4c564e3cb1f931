/** Test doubles for window.wx and WeixinJSBridge: each call records its options and answers as the test says. */
import { vi } from 'vitest';
import type { WeixinBridgeResult, WxCallbacks, WxSdk } from '../src/lib/wechat/wechat-sdk';

export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47(0x18002f28) NetType/WIFI';
export const OLD_WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 9) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/7.0.10.1580(0x27000A34)';
export const BROWSER_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1';

export type Answer = { kind: 'success'; result?: object } | { kind: 'fail' | 'cancel'; errMsg: string };

function answer(callbacks: WxCallbacks<never>, reply: Answer, name: string) {
  if (reply.kind === 'success') callbacks.success?.({ errMsg: `${name}:ok`, ...reply.result } as never);
  else callbacks[reply.kind]?.({ errMsg: reply.errMsg });
}

export function fakeWx(options: { modernShare?: boolean; legacyShare?: boolean; reply?: Answer } = {}) {
  const { modernShare = true, legacyShare = true } = options;
  let reply: Answer = options.reply ?? { kind: 'success' };
  const handlers: { ready?: () => void; error?: (r: { errMsg: string }) => void } = {};
  const api = (name: string) => vi.fn((opts: WxCallbacks<never>) => answer(opts, reply, name));
  const wx = {
    config: vi.fn(),
    ready: vi.fn((cb: () => void) => (handlers.ready = cb)),
    error: vi.fn((cb: (r: { errMsg: string }) => void) => (handlers.error = cb)),
    previewImage: api('previewImage'),
    getLocation: api('getLocation'),
    openLocation: api('openLocation'),
    scanQRCode: api('scanQRCode'),
    ...(modernShare
      ? {
          updateTimelineShareData: api('updateTimelineShareData'),
          updateAppMessageShareData: api('updateAppMessageShareData'),
        }
      : {}),
    ...(legacyShare ? { onMenuShareTimeline: vi.fn(), onMenuShareAppMessage: vi.fn() } : {}),
  };
  window.wx = wx as unknown as WxSdk;
  return {
    wx,
    fireReady: () => handlers.ready?.(),
    fireError: (errMsg: string) => handlers.error?.({ errMsg }),
    setReply: (next: Answer) => {
      reply = next;
    },
  };
}

export function fakeBridge(errMsg: string) {
  const invoke = vi.fn((_method: string, _params: object, cb: (r: WeixinBridgeResult) => void) =>
    cb({ err_msg: errMsg }),
  );
  window.WeixinJSBridge = { invoke };
  return invoke;
}

export function clearFakes() {
  delete window.wx;
  delete window.WeixinJSBridge;
}
