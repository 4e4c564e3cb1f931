// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import type * as Engine from './engine';
import type * as HlsSetup from './hls-setup';
import { Player } from './Player';

type Handler = (event: string, data: unknown) => void;

/** Stands in for hls.js: the test emits its events. */
class FakeHls {
  static Events = {
    MANIFEST_PARSED: 'hlsManifestParsed',
    LEVEL_LOADED: 'hlsLevelLoaded',
    FRAG_BUFFERED: 'hlsFragBuffered',
    ERROR: 'hlsError',
  };
  static instances: FakeHls[] = [];
  handlers = new Map<string, Handler[]>();
  loadSource = vi.fn();
  startLoad = vi.fn();
  stopLoad = vi.fn();
  destroy = vi.fn();
  constructor(readonly config: Record<string, unknown>) {
    FakeHls.instances.push(this);
  }
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  emit(event: string, data: unknown = {}) {
    act(() => this.handlers.get(event)?.forEach((handler) => handler(event, data)));
  }
  attachMedia() {}
  recoverMediaError() {}
  swapAudioCodec() {}
}

vi.mock('./engine', async (original) => ({
  ...(await original<typeof Engine>()),
  loadHls: async () => FakeHls,
  prefetchPlaylists: () => {},
}));
vi.mock('./hls-setup', async (original) => ({
  ...(await original<typeof HlsSetup>()),
  prefetchingLoader: () => class {},
}));
const autoplayRefused = vi.fn(async () => false);
vi.mock('./autoplay', () => ({ autoplayRefused: () => autoplayRefused() }));
vi.mock('./transmux-worker', () => ({ loadTransmuxWorker: async () => 'blob:transmux-worker' }));

const play = vi.fn(function (this: HTMLVideoElement) {
  this.dispatchEvent(new Event('play'));
  return Promise.resolve();
});

beforeAll(async () => {
  await initI18n('en');
  // jsdom has no Media Source and no media playback: the player takes the hls.js path, and play() succeeds.
  Object.assign(window, { MediaSource: class {} });
  HTMLMediaElement.prototype.play = play;
  HTMLMediaElement.prototype.pause = function (this: HTMLVideoElement) {
    this.dispatchEvent(new Event('pause'));
  };
  HTMLMediaElement.prototype.load = () => {};
});

beforeEach(() => {
  FakeHls.instances = [];
  play.mockClear();
  autoplayRefused.mockResolvedValue(false);
});

afterEach(() => vi.useRealTimers());

const latest = () => FakeHls.instances.at(-1) as FakeHls;

async function start(live: boolean) {
  render(<Player src="https://cdn.example/live/demo.m3u8" live={live} label="Demo" />);
  await act(async () => {});
  return screen.getByTestId('player-video') as HTMLVideoElement;
}

function playing() {
  latest().emit(FakeHls.Events.MANIFEST_PARSED);
  return act(async () => {});
}

const fatalNetworkError = () =>
  latest().emit(FakeHls.Events.ERROR, { fatal: true, type: 'networkError', details: 'fragLoadError' });

describe('Player, live streams', () => {
  it('shows the live badge and no seek bar from the first frame when the event is live', async () => {
    const video = await start(true);
    expect(screen.getByText('Live')).toBeTruthy();
    await playing();
    expect(video.controls).toBe(false);
    expect(screen.getByText('Live')).toBeTruthy();
    // Its own controls instead of the browser's.
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(video.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy();
  });

  it("takes 'live' from the stream's playlist even when the detail did not say so", async () => {
    const video = await start(false);
    latest().emit(FakeHls.Events.LEVEL_LOADED, { details: { live: true } });
    await playing();
    expect(video.controls).toBe(false);
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('keeps the seek bar for a replay', async () => {
    const video = await start(false);
    latest().emit(FakeHls.Events.LEVEL_LOADED, { details: { live: false } });
    await playing();
    expect(video.controls).toBe(true);
    expect(screen.queryByText('Live')).toBeNull();
  });

  it('asks the media for an endless duration on live streams, not a finite one', async () => {
    await start(true);
    expect(latest().config.liveDurationInfinity).toBe(true);
  });

  it("transmuxes in the worker made from hls.js's worker build", async () => {
    await start(true);
    expect(latest().config).toMatchObject({ enableWorker: true, workerPath: 'blob:transmux-worker' });
  });
});

describe('Player, after a network failure', () => {
  it('resumes by itself when the browser is back online, with the retry button shown meanwhile', async () => {
    await start(true);
    await playing();
    fatalNetworkError(); // hls.js's retries are spent; the player restarts loading once
    expect(latest().startLoad).toHaveBeenCalled();
    fatalNetworkError();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByText('Reconnecting automatically…')).toBeTruthy();
    const before = FakeHls.instances.length;
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(FakeHls.instances.length).toBe(before + 1);
    play.mockClear();
    await playing();
    expect(play).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tries again with growing pauses while the server stays away', async () => {
    await start(false);
    await playing();
    fatalNetworkError();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fatalNetworkError();
    const before = FakeHls.instances.length;
    await act(async () => vi.advanceTimersByTime(1_900));
    expect(FakeHls.instances.length).toBe(before);
    await act(async () => vi.advanceTimersByTime(200));
    expect(FakeHls.instances.length).toBe(before + 1);
    // Still down: the next try waits longer.
    fatalNetworkError();
    fatalNetworkError();
    await act(async () => vi.advanceTimersByTime(2_100));
    expect(FakeHls.instances.length).toBe(before + 1);
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(FakeHls.instances.length).toBe(before + 2);
    fatalNetworkError();
    fatalNetworkError();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('stops loading after the first fragment while it waits for a tap, and loads again on the tap', async () => {
    const video = await start(true);
    play.mockImplementationOnce(() => Promise.reject(new DOMException('no gesture', 'NotAllowedError')));
    await playing();
    expect(screen.getByText('Tap to play')).toBeTruthy();
    // The frame under the cover first.
    expect(latest().stopLoad).not.toHaveBeenCalled();
    latest().emit(FakeHls.Events.FRAG_BUFFERED);
    // In the next task, not inside hls.js's handling of the fragment.
    expect(latest().stopLoad).not.toHaveBeenCalled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(latest().stopLoad).toHaveBeenCalledTimes(1);
    latest().emit(FakeHls.Events.FRAG_BUFFERED);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(latest().stopLoad).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(screen.getByText('Tap to play')));
    expect(play).toHaveBeenCalledTimes(2);
    expect(latest().startLoad).toHaveBeenCalledTimes(1);
    expect(video.paused).toBe(true); // jsdom plays nothing; the play event is what counts
  });

  it('loads nothing of the stream before the tap when the browser refuses autoplay from the start', async () => {
    autoplayRefused.mockResolvedValue(true);
    await start(true);
    expect(screen.getByText('Tap to play')).toBeTruthy();
    expect(FakeHls.instances).toHaveLength(0);
    expect(play).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByText('Tap to play')));
    expect(FakeHls.instances).toHaveLength(1);
    expect(latest().loadSource).toHaveBeenCalledWith('https://cdn.example/live/demo.m3u8');
    play.mockClear();
    await playing();
    // After the tap the stream starts by itself: no second tap.
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Tap to play')).toBeNull();
  });

  it('keeps loading a stream the browser let play', async () => {
    await start(true);
    await playing();
    latest().emit(FakeHls.Events.FRAG_BUFFERED);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(latest().stopLoad).not.toHaveBeenCalled();
  });

  it('does not start a video the viewer had paused', async () => {
    const video = await start(false);
    await playing();
    act(() => video.pause());
    fatalNetworkError();
    fatalNetworkError();
    await act(async () => window.dispatchEvent(new Event('online')));
    play.mockClear();
    await playing();
    expect(play).not.toHaveBeenCalled();
    expect(screen.getByText('Tap to play')).toBeTruthy();
  });
});
