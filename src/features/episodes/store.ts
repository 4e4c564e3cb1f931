/**
 * Episodes of the current event: the list (with the viewer's progress in each), which one plays and where it resumes.
 * The chosen episode lives in the video store (`episode`), which the home video block reads to pick its source.
 */
import { getAuthToken } from '../../lib/auth';
import { createStore, useStore } from '../../lib/store';
import { videoStore } from '../video/store';
import { bindEpisode, loadBoundEpisode, loadEpisodes, type Episode } from './api';

/** Closer than this to the end counts as finished: the episode starts again from the beginning. */
const FINISHED_MARGIN_S = 1;

export type EpisodesState = {
  token: string;
  list: Episode[];
  /** The 'continue from mm:ss' hint, shown when an episode resumes where the viewer stopped. */
  resumeHint: { episodeId: number; at: number } | null;
};

export const episodesStore = createStore<EpisodesState>({ token: '', list: [], resumeHint: null });

export function useEpisodes<T>(selector: (state: EpisodesState) => T): T {
  return useStore(episodesStore, selector);
}

export const isLoggedIn = (token: string) => Boolean(getAuthToken(token));

function resumePoint(episode: Episode, position: number): number {
  return position > 0 && position < episode.duration - FINISHED_MARGIN_S ? position : 0;
}

function play(episode: Episode, position: number) {
  const startAt = resumePoint(episode, position);
  videoStore.update((draft) => {
    draft.episode = { id: episode.id, url: episode.stream_url, startAt };
  });
  episodesStore.update((draft) => {
    draft.resumeHint = startAt > 0 ? { episodeId: episode.id, at: startAt } : null;
  });
}

const inFlight = new Map<string, Promise<void>>();

/**
 * Loads (or reloads) the episode list. The first load picks what plays: the episode the viewer is bound to (was last
 * watching), from where they stopped, else the first one. Reloads keep the episode that is playing.
 */
export function refreshEpisodes(token: string): Promise<void> {
  const pending = inFlight.get(token);
  if (pending) return pending;
  const run = (async () => {
    const [{ list }, bound] = await Promise.all([
      loadEpisodes(token),
      isLoggedIn(token) ? loadBoundEpisode(token).catch(() => null) : Promise.resolve(null),
    ]);
    episodesStore.update((draft) => {
      draft.token = token;
      draft.list = list;
    });
    const playing = videoStore.get().episode;
    if (playing && list.some((episode) => episode.id === playing.id)) return;
    const first = list.find((episode) => episode.id === bound?.episode_id) ?? list[0];
    if (first?.stream_url) play(first, first.id === bound?.episode_id ? bound.position : 0);
  })();
  inFlight.set(token, run);
  const clear = () => inFlight.delete(token);
  run.then(clear, clear);
  return run;
}

/** The viewer picked an episode: it plays from where they stopped in it, and they are bound to it. */
export function selectEpisode(episode: Episode): void {
  if (!episode.stream_url || videoStore.get().episode?.id === episode.id) return;
  play(episode, episode.progress);
  const { token } = episodesStore.get();
  if (isLoggedIn(token)) bindEpisode(token, episode.id).catch(() => {});
}

/** Keeps the list's progress in step with what was saved, so switching back resumes at the right place. */
export function noteProgress(episodeId: number, position: number): void {
  episodesStore.update((draft) => {
    const episode = draft.list.find((item) => item.id === episodeId);
    if (episode) episode.progress = position;
  });
}

export function dismissResumeHint(): void {
  episodesStore.update((draft) => {
    draft.resumeHint = null;
  });
}
