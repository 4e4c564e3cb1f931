import { describe, expect, it } from 'vitest';
import {
  eventIdOfStream,
  playUrl,
  pushTarget,
  readCallback,
  readTencentCssSettings,
  txSecret,
  txTime,
  type TencentCssSettings,
} from './tencent-css.ts';
import { cssCallbackBody } from './tencent-css-emulator.ts';

const settings: TencentCssSettings = {
  pushDomain: 'push.example.test',
  pushKey: 'e12c46f2612d5106e2034781ab261ca3',
  playDomain: 'play.example.test',
  playKey: 'play-key',
  callbackKey: 'callback-key',
  vodDomain: 'vod.example.test',
  appName: 'live',
  pushValidMs: 24 * 3600_000,
};
const NOW = 1_800_000_000_000;

describe('Tencent Cloud CSS URLs', () => {
  it("sign as the service's documentation's worked example: key, stream test, txTime 5C271099", () => {
    expect(txTime(0x5c271099 * 1000 + 999)).toBe('5C271099');
    expect(txSecret('e12c46f2612d5106e2034781ab261ca3', 'test', '5C271099')).toBe(
      'f85a2ab363fe4deaffef9754d79da6fe',
    );
  });

  it('give an encoder the server URL and a stream key valid for the configured hours', () => {
    const target = pushTarget(settings, 42, NOW);
    const time = txTime(NOW + 24 * 3600_000);
    expect(target.server).toBe('rtmp://push.example.test/live/');
    expect(target.streamKey).toBe(`lv42?txSecret=${txSecret(settings.pushKey, 'lv42', time)}&txTime=${time}`);
    expect(target.url).toBe(target.server + target.streamKey);
    expect(target.expiresAt).toBe(NOW + 24 * 3600_000);
  });

  it('sign play URLs with the play key, and leave them unsigned when playback authentication is off', () => {
    const time = txTime(NOW + 60_000);
    expect(playUrl(settings, 7, NOW, 60_000)).toBe(
      `https://play.example.test/live/lv7.m3u8?txSecret=${txSecret('play-key', 'lv7', time)}&txTime=${time}`,
    );
    expect(playUrl({ ...settings, playKey: '' }, 7, NOW, 60_000)).toBe(
      'https://play.example.test/live/lv7.m3u8',
    );
  });

  it('map stream names back to events, and nothing else', () => {
    expect(eventIdOfStream('lv42')).toBe(42);
    for (const name of ['lv0', 'lv', 'lv4x', 'x42', 'lv42?txTime=1', '../lv42'])
      expect(eventIdOfStream(name)).toBeNull();
  });
});

describe('Tencent Cloud CSS callbacks', () => {
  it('are read when signed with the callback key and not expired: began, ended, recording', () => {
    expect(
      readCallback(settings, cssCallbackBody(settings, { kind: 'began', streamName: 'lv3' }, NOW), NOW),
    ).toEqual({
      ok: true,
      callback: { kind: 'began', eventId: 3, streamName: 'lv3' },
    });
    expect(
      readCallback(settings, cssCallbackBody(settings, { kind: 'ended', streamName: 'lv3' }, NOW), NOW),
    ).toMatchObject({
      ok: true,
      callback: { kind: 'ended', eventId: 3 },
    });
    const recording = cssCallbackBody(
      settings,
      {
        kind: 'recording',
        streamName: 'lv3',
        url: 'https://vod.example.test/r/lv3.m3u8',
        format: 'hls',
        durationS: 93,
      },
      NOW,
    );
    expect(readCallback(settings, recording, NOW)).toEqual({
      ok: true,
      callback: {
        kind: 'recording',
        eventId: 3,
        streamName: 'lv3',
        url: 'https://vod.example.test/r/lv3.m3u8',
        format: 'hls',
        durationS: 93,
      },
    });
  });

  it('are refused when signed with another key, unsigned, tampered or expired', () => {
    const body = cssCallbackBody(settings, { kind: 'began', streamName: 'lv3' }, NOW);
    const other = cssCallbackBody(
      { ...settings, callbackKey: 'other' },
      { kind: 'began', streamName: 'lv3' },
      NOW,
    );
    expect(readCallback(settings, other, NOW)).toMatchObject({ ok: false, status: 401 });
    expect(readCallback(settings, { ...body, sign: undefined }, NOW)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(readCallback(settings, { ...body, t: Number(body.t) + 1 }, NOW)).toMatchObject({
      ok: false,
      status: 401,
    });
    // t is ten minutes ahead of sending: eleven minutes later the same notification is a replay.
    expect(readCallback(settings, body, NOW + 11 * 60_000)).toMatchObject({
      ok: false,
      status: 401,
      why: /expired/,
    });
    expect(readCallback(settings, 'not json', NOW)).toMatchObject({ ok: false, status: 401 });
  });

  it("are answered 400 when signed but not about an event's stream or not acted on", () => {
    const foreign = cssCallbackBody(settings, { kind: 'began', streamName: 'someone-else' }, NOW);
    expect(readCallback(settings, foreign, NOW)).toMatchObject({ ok: false, status: 400 });
    const snapshot = {
      ...cssCallbackBody(settings, { kind: 'began', streamName: 'lv3' }, NOW),
      event_type: 200,
    };
    expect(readCallback(settings, snapshot, NOW)).toMatchObject({ ok: false, status: 400 });
    // A recording is played from the VOD domain only, over https: viewers are never sent elsewhere.
    for (const url of [
      'http://vod.example.test/lv3.m3u8',
      'https://elsewhere.test/lv3.m3u8',
      'https://user@vod.example.test/lv3.m3u8',
      'javascript:alert(1)',
    ]) {
      const recording = { kind: 'recording', streamName: 'lv3', url, format: 'hls', durationS: 1 } as const;
      expect(readCallback(settings, cssCallbackBody(settings, recording, NOW), NOW)).toMatchObject({
        ok: false,
        status: 400,
      });
    }
  });
});

describe('the adapter settings', () => {
  const full = {
    CSS_PUSH_DOMAIN: 'push.example.test',
    CSS_PUSH_KEY: 'k',
    CSS_PLAY_DOMAIN: 'play.example.test',
    CSS_CALLBACK_KEY: 'c',
  };

  it('are off when none is set, complete with defaults when the four required are', () => {
    expect(readTencentCssSettings({})).toBeNull();
    expect(readTencentCssSettings(full)).toEqual({
      pushDomain: 'push.example.test',
      pushKey: 'k',
      playDomain: 'play.example.test',
      playKey: '',
      callbackKey: 'c',
      vodDomain: 'play.example.test',
      appName: 'live',
      pushValidMs: 24 * 3600_000,
    });
  });

  it('stop the start with what is missing or wrong', () => {
    expect(() => readTencentCssSettings({ CSS_PUSH_DOMAIN: 'push.example.test' })).toThrow(
      /CSS_PUSH_KEY, CSS_PLAY_DOMAIN, CSS_CALLBACK_KEY are missing/,
    );
    expect(() => readTencentCssSettings({ ...full, CSS_PLAY_DOMAIN: 'https://play.example.test/' })).toThrow(
      /CSS_PLAY_DOMAIN must be a domain name/,
    );
    expect(() => readTencentCssSettings({ ...full, CSS_PUSH_VALID_H: '0' })).toThrow(/CSS_PUSH_VALID_H/);
  });
});
