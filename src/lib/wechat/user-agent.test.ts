import { describe, expect, it } from 'vitest';
import { compareVersions, isShareSupported, isWeChat, wechatVersion } from './user-agent';

const android = (version: string) =>
  `Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/116.0 Mobile Safari/537.36 MicroMessenger/${version}(0x28002F37) NetType/WIFI Language/zh_CN`;
const ios = (version: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/${version}(0x18002f28) NetType/WIFI Language/zh_CN`;
const safari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';

describe('WeChat user agent', () => {
  it('recognises the in-app browser on Android and iOS', () => {
    expect(isWeChat(android('8.0.47.2560'))).toBe(true);
    expect(isWeChat(ios('8.0.44'))).toBe(true);
    expect(isWeChat(safari)).toBe(false);
    expect(isWeChat('')).toBe(false);
  });

  it('reads the version', () => {
    expect(wechatVersion(android('8.0.47.2560'))).toBe('8.0.47.2560');
    expect(wechatVersion(ios('7.0.12'))).toBe('7.0.12');
    expect(wechatVersion(safari)).toBeNull();
    expect(wechatVersion('MicroMessenger')).toBeNull();
  });

  it('compares versions numerically, not as strings', () => {
    expect(compareVersions('7.0.12', '7.0.9')).toBe(1);
    expect(compareVersions('7.0.9', '7.0.12')).toBe(-1);
    expect(compareVersions('7.0', '7.0.0')).toBe(0);
    expect(compareVersions('10.0.0', '7.0.12')).toBe(1);
  });

  it('supports sharing from 7.0.12 on', () => {
    expect(isShareSupported(android('7.0.12.1620'))).toBe(true);
    expect(isShareSupported(ios('7.0.12'))).toBe(true);
    expect(isShareSupported(ios('8.0.1'))).toBe(true);
    expect(isShareSupported(ios('7.0.11'))).toBe(false);
    expect(isShareSupported(android('6.7.3'))).toBe(false);
    expect(isShareSupported(safari)).toBe(false);
  });
});
