import { describe, expect, it } from 'vitest';
import { buildPath } from './navigation';

const launch = {
  videoToken: 'T',
  uploadToken: '',
  locale: 'en' as const,
  photoBaseUrl: 'https://x',
  inviteId: 'U',
};

describe('buildPath', () => {
  it('appends token, extra data, inviteId and locale', () => {
    expect(buildPath('/pages/user/index', { id: 5 }, launch)).toBe(
      '/pages/user/index?token=T&id=5&inviteId=U&locale=en',
    );
  });

  it('keeps a query already on the path and skips empty extras', () => {
    expect(
      buildPath('/preview-image?current=1', { urls: '', empty: undefined }, { ...launch, inviteId: '' }),
    ).toBe('/preview-image?current=1&token=T&locale=en');
  });

  it('carries the channel token like the video token, unless the link names another channel', () => {
    expect(buildPath('/pages/channel/room-new/index', {}, launch, 'C')).toBe(
      '/pages/channel/room-new/index?token=T&channelToken=C&inviteId=U&locale=en',
    );
    expect(buildPath('/pages/channel/index', { channelToken: 'D' }, launch, 'C')).toBe(
      '/pages/channel/index?token=T&channelToken=D&inviteId=U&locale=en',
    );
  });
});
