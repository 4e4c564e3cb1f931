/**
 * Video store: the event, its loading state, the login flow that applies, the viewer and the episode playing. Components
 * read it through selectors: `useVideo((s) => s.info?.title)`. The spec's other video-store entries live where they are
 * used: the welcome line in the welcome block's data, the masks (password, pay, information form, gifts, red packets)
 * and the gift and pay data in their pop-ups, the chat's text in the chat input.
 */
import { createStore, useStore } from '../../lib/store';
import type { VideoInfo } from './types';

export const LOADING_IDLE = 1;
export const LOADING_BUSY = 2;

/** The episode the player plays, chosen by the episodes feature; `startAt` resumes where the viewer stopped. */
export type CurrentEpisode = { id: number; url: string; startAt: number };

export type VideoState = {
  info: VideoInfo | null;
  /** 1 idle, 2 loading. */
  loading: typeof LOADING_IDLE | typeof LOADING_BUSY;
  /** Set once a detail request has settled, so pages can tell "not loaded yet" from "no such event". */
  settled: boolean;
  /** Outside WeChat the H5 login flow (the login page) applies; inside, WeChat's OAuth. */
  h5Login: boolean;
  userInfo: { user_id: number; phone: string; permissions: string[] } | null;
  /** Bumped by every detail load (pull-down refresh included): live-room blocks reload their data on it. */
  refreshCount: number;
  episode: CurrentEpisode | null;
};

export const videoStore = createStore<VideoState>({
  info: null,
  loading: LOADING_IDLE,
  settled: false,
  h5Login: false,
  userInfo: null,
  refreshCount: 0,
  episode: null,
});

export function useVideo<T>(selector: (state: VideoState) => T): T {
  return useStore(videoStore, selector);
}
