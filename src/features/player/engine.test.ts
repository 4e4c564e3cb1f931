import { describe, expect, it, vi } from 'vitest';
import Hls from 'hls.js';
import type { VideoInfo } from '../video/types';
import { chooseEngine, needsFullBuild, startingStream } from './engine';
import { createRecovery, errorKind, hlsConfig } from './hls-setup';

const IOS_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';
const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47';

describe('chooseEngine', () => {
  it('plays natively on iOS (WeChat WKWebView, Safari)', () => {
    expect(chooseEngine({ userAgent: IOS_WECHAT, nativeHls: true, mediaSource: true })).toBe('native');
  });
  it('uses hls.js where Media Source exists', () => {
    expect(chooseEngine({ userAgent: ANDROID_WECHAT, nativeHls: false, mediaSource: true })).toBe('hls');
    expect(chooseEngine({ userAgent: ANDROID_WECHAT, nativeHls: true, mediaSource: true })).toBe('hls');
  });
  it('falls back to native video.src where hls.js cannot run', () => {
    expect(chooseEngine({ userAgent: ANDROID_WECHAT, nativeHls: true, mediaSource: false })).toBe('native');
    expect(chooseEngine({ userAgent: ANDROID_WECHAT, nativeHls: false, mediaSource: false })).toBe(
      'unsupported',
    );
  });
});

describe('startingStream', () => {
  const event = (fields: Partial<VideoInfo>) =>
    ({
      can_watch: true,
      live_status: 1,
      live_url: '/live.m3u8',
      replay_url: '/replay.m3u8',
      ...fields,
    }) as VideoInfo;

  it('is the live stream while live, else the replay', () => {
    expect(startingStream(event({}))?.url).toBe('/live.m3u8');
    expect(startingStream(event({ live_status: 2 }))?.url).toBe('/replay.m3u8');
  });

  it('is none before the detail, behind an access gate, or while the episodes feature picks one', () => {
    expect(startingStream(null)).toBeNull();
    expect(startingStream(event({ can_watch: false, needs_password: true }))).toBeNull();
    expect(startingStream(event({ episode_count: 3, live_status: 2 }))).toBeNull();
    // A live broadcast comes before the episodes (an event's earlier broadcasts are its episodes).
    expect(startingStream(event({ episode_count: 3 }))).toMatchObject({ url: '/live.m3u8', live: true });
    expect(startingStream(event({ live_status: 0, live_url: '', replay_url: '' }))).toBeNull();
  });
});

describe('hls.js set-up', () => {
  it('loads the full build only for subtitles, captions or DRM', () => {
    expect(needsFullBuild({})).toBe(false);
    expect(needsFullBuild({ subtitles: true })).toBe(true);
    expect(needsFullBuild({ drm: true })).toBe(true);
  });
  it('bounds the back buffer and caps the level to the player size', () => {
    expect(hlsConfig(true)).toMatchObject({ backBufferLength: 30, capLevelToPlayerSize: true });
    expect(Number.isFinite(hlsConfig(false).backBufferLength)).toBe(true);
  });
  it('catches a live player up to the part hold-back or three segments behind the edge, and plays recordings at their speed', () => {
    expect(hlsConfig(true)).toMatchObject({ lowLatencyMode: true, maxLiveSyncPlaybackRate: 1.2 });
    // Set, these would override the low-latency playlist's part hold-back; hls.js's default is three segments.
    expect(hlsConfig(true)).not.toHaveProperty('liveSyncDurationCount');
    expect(hlsConfig(true)).not.toHaveProperty('liveSyncDuration');
    expect(Hls.DefaultConfig.liveSyncDurationCount).toBe(3);
    expect(hlsConfig(false).maxLiveSyncPlaybackRate).toBe(1);
  });
});

describe('recovery', () => {
  it('maps hls.js error types to kinds', () => {
    expect(errorKind({ type: 'networkError' } as never)).toBe('network');
    expect(errorKind({ type: 'mediaError' } as never)).toBe('media');
    expect(errorKind({ type: 'keySystemError' } as never)).toBe('keySystem');
    expect(errorKind({ type: 'muxError' } as never)).toBe('mux');
    expect(errorKind({ type: 'otherError' } as never)).toBe('other');
  });
  it('restarts loading once on network errors, then gives up', () => {
    const hls = { startLoad: vi.fn(), recoverMediaError: vi.fn(), swapAudioCodec: vi.fn() };
    const recovery = createRecovery(hls);
    expect(recovery.recover('network')).toBe(true);
    expect(recovery.recover('network')).toBe(false);
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
  });
  it('loads the source again when the playlist itself failed (startLoad has nothing to restart)', () => {
    const hls = { startLoad: vi.fn(), recoverMediaError: vi.fn(), swapAudioCodec: vi.fn() };
    const reload = vi.fn();
    const recovery = createRecovery(hls, reload);
    expect(recovery.recover('network', 'manifestLoadError')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(hls.startLoad).not.toHaveBeenCalled();
    expect(recovery.recover('network', 'manifestLoadError')).toBe(false);
    recovery.reset();
    expect(recovery.recover('network', 'fragLoadError')).toBe(true);
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
  });
  it('recovers media errors, swapping the audio codec on the second try', () => {
    const hls = { startLoad: vi.fn(), recoverMediaError: vi.fn(), swapAudioCodec: vi.fn() };
    const recovery = createRecovery(hls);
    expect(recovery.recover('media')).toBe(true);
    expect(recovery.recover('media')).toBe(true);
    expect(recovery.recover('media')).toBe(false);
    expect(hls.swapAudioCodec).toHaveBeenCalledTimes(1);
  });
  it('never recovers key-system, mux or other errors', () => {
    const recovery = createRecovery({
      startLoad: vi.fn(),
      recoverMediaError: vi.fn(),
      swapAudioCodec: vi.fn(),
    });
    expect(recovery.recover('keySystem')).toBe(false);
    expect(recovery.recover('mux')).toBe(false);
    expect(recovery.recover('other')).toBe(false);
  });
});
