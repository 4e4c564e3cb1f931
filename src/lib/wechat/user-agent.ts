/**
 * WeChat browser detection from the user agent: the in-app browser adds `MicroMessenger/<version>`.
 * Sharing is offered from WeChat 7.0.12 on (MIN_SHARE_VERSION).
 */
export const MIN_SHARE_VERSION = '7.0.12';

const WECHAT_UA = /MicroMessenger\/([\d.]+)/i;

function currentUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

export function isWeChat(ua: string = currentUserAgent()): boolean {
  return /MicroMessenger/i.test(ua);
}

/** The WeChat version such as '8.0.47', or null outside WeChat (or when the UA carries no version). */
export function wechatVersion(ua: string = currentUserAgent()): string | null {
  return WECHAT_UA.exec(ua)?.[1]?.replace(/\.+$/, '') || null;
}

/** Compares dotted versions numerically: -1, 0 or 1. Missing parts count as 0 ('7.0' equals '7.0.0'). */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const diff = (left[i] || 0) - (right[i] || 0);
    if (diff !== 0) return diff > 0 ? 1 : -1;
  }
  return 0;
}

export function isShareSupported(ua: string = currentUserAgent()): boolean {
  const version = wechatVersion(ua);
  return version !== null && compareVersions(version, MIN_SHARE_VERSION) >= 0;
}
