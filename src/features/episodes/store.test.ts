// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { videoStore } from '../video/store';
import type { Episode } from './api';
import { episodesStore, refreshEpisodes, selectEpisode } from './store';

const api = vi.hoisted(() => ({
  loadEpisodes: vi.fn(),
  loadBoundEpisode: vi.fn(),
  bindEpisode: vi.fn(async () => ({ episode_id: 0 })),
  saveWatchProgress: vi.fn(),
}));
vi.mock('./api', () => api);

const episode = (id: number, progress = 0): Episode => ({
  id,
  position: id,
  title: `第${id}集`,
  duration: 12,
  stream_url: `/streams/vod/demo/master.m3u8?episode=${id}`,
  progress,
});

beforeEach(() => {
  localStorage.setItem('livev3:auth:vod', 'session-token');
  api.loadEpisodes.mockResolvedValue({ list: [episode(1), episode(2, 6.4), episode(3, 11.8)] });
});
afterEach(() => {
  localStorage.clear();
  videoStore.reset();
  episodesStore.reset();
  vi.clearAllMocks();
});

describe('episodes store', () => {
  it('resumes the bound episode where the viewer stopped, with the hint', async () => {
    api.loadBoundEpisode.mockResolvedValue({ episode_id: 2, position: 6.4 });
    await refreshEpisodes('vod');
    expect(videoStore.get().episode).toEqual({ id: 2, url: episode(2).stream_url, startAt: 6.4 });
    expect(episodesStore.get().resumeHint).toEqual({ episodeId: 2, at: 6.4 });
  });

  it('starts the first episode for a viewer without history, and a reload keeps what plays', async () => {
    api.loadBoundEpisode.mockResolvedValue({ episode_id: null, position: 0 });
    await refreshEpisodes('vod');
    expect(videoStore.get().episode?.id).toBe(1);
    selectEpisode(episode(2, 6.4));
    await refreshEpisodes('vod');
    expect(videoStore.get().episode?.id).toBe(2);
    expect(api.bindEpisode).toHaveBeenCalledWith('vod', 2);
  });

  it('starts a finished episode from the beginning, without a hint', () => {
    episodesStore.update((draft) => {
      draft.token = 'vod';
    });
    selectEpisode(episode(3, 11.8));
    expect(videoStore.get().episode).toMatchObject({ id: 3, startAt: 0 });
    expect(episodesStore.get().resumeHint).toBeNull();
  });

  it('asks nothing about binding for an anonymous viewer', async () => {
    localStorage.clear();
    await refreshEpisodes('vod');
    expect(api.loadBoundEpisode).not.toHaveBeenCalled();
    expect(videoStore.get().episode?.id).toBe(1);
  });
});
