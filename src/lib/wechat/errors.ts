import '../messages';
/**
 * Failures of the WeChat bridge. `code` is stable for callers and tests; `message` is already translated so a caller
 * can toast it as is (the spec's 'share failure shows the error message').
 */
import { i18n } from '../i18n';

const wechatErrorKeys = {
  shareNotSupported: 'messages.shareNotSupported',
  versionNotSupported: 'messages.versionNotSupported',
  openInWeChat: 'messages.openInWeChat',
  paymentParamError: 'messages.paymentParamError',
  sdkUnavailable: 'wechat.sdkUnavailable',
  sdkConfigFailed: 'wechat.sdkConfigFailed',
  apiFailed: 'wechat.apiFailed',
} as const;

export type WechatErrorCode = keyof typeof wechatErrorKeys;

export class WechatError extends Error {
  readonly code: WechatErrorCode;
  /** What WeChat itself said (an `errMsg` such as 'config:invalid signature'), when it said anything. */
  readonly detail?: string;

  constructor(code: WechatErrorCode, detail?: string) {
    super(i18n.t(wechatErrorKeys[code], { detail: detail ?? '' }));
    this.name = 'WechatError';
    this.code = code;
    this.detail = detail;
  }
}
