import { describe, expect, it } from 'vitest';
import { parseLaunch } from './launch';

describe('parseLaunch', () => {
  it('reads token, inviteId and locale from the hash query', () => {
    const launch = parseLaunch(
      'https://live.test/livev3/#/pages/home/index?token=T&inviteId=U&locale=en',
      null,
    );
    expect(launch).toMatchObject({
      videoToken: 'T',
      inviteId: 'U',
      locale: 'en',
      photoBaseUrl: 'https://live.test',
    });
  });

  it('reads parameters placed before the hash, the hash winning', () => {
    const launch = parseLaunch(
      'https://live.test/livev3/?token=A&inviteId=X#/pages/home/index?token=B',
      null,
    );
    expect(launch.videoToken).toBe('B');
    expect(launch.inviteId).toBe('X');
  });

  it('takes ?lang= as well as ?locale=, with plain language codes', () => {
    expect(parseLaunch('https://x/livev3/?lang=en#/pages/home/index', null).locale).toBe('en');
    expect(parseLaunch('https://x/livev3/#/pages/home/index?lang=en-US', 'zh-CN').locale).toBe('en');
    expect(parseLaunch('https://x/livev3/#/?lang=zh', 'en').locale).toBe('zh-CN');
    expect(parseLaunch('https://x/livev3/#/?lang=en&locale=zh-CN', null).locale).toBe('zh-CN');
  });

  it('falls back to the stored locale, then the default zh-CN, ignoring unknown locales', () => {
    expect(parseLaunch('https://x/livev3/#/?locale=fr', 'en').locale).toBe('en');
    expect(parseLaunch('https://x/livev3/#/', null).locale).toBe('zh-CN');
  });
});
