import { describe, expect, it } from 'vitest';
import { expiryOf, renewDelay, unsignedUrl, withSignatureOf } from './signed-url';

const SIGNED = '/streams/vod/demo/master.m3u8?episode=2&exp=2000000000&sig=abc';

describe('signed stream URLs', () => {
  it('reads the expiry and strips the signature', () => {
    expect(expiryOf(SIGNED)).toBe(2_000_000_000);
    expect(expiryOf('/streams/vod/demo/master.m3u8')).toBeNull();
    expect(unsignedUrl(SIGNED)).toBe('/streams/vod/demo/master.m3u8?episode=2');
    expect(unsignedUrl('/streams/live/demo/master.m3u8?exp=1&sig=x')).toBe('/streams/live/demo/master.m3u8');
  });

  it('puts the newest signature on requests of the same stream only', () => {
    const segment = 'http://app.test/streams/vod/demo/240p/seg01.ts?exp=1&sig=old';
    expect(withSignatureOf(segment, SIGNED)).toBe(
      'http://app.test/streams/vod/demo/240p/seg01.ts?exp=2000000000&sig=abc',
    );
    expect(withSignatureOf('http://app.test/streams/vod/other/a.ts?exp=1&sig=x', SIGNED)).toBe(
      'http://app.test/streams/vod/other/a.ts?exp=1&sig=x',
    );
    expect(withSignatureOf('/uploads/a.mp4', SIGNED)).toBe('/uploads/a.mp4');
  });

  it('renews a minute before expiry (less for short lifetimes), never in the past', () => {
    const now = 1_000_000_000_000;
    expect(renewDelay(now / 1000 + 600, now)).toBe(540_000);
    expect(renewDelay(now / 1000 + 50, now)).toBe(40_000);
    expect(renewDelay(now / 1000 - 5, now)).toBe(0);
  });
});
