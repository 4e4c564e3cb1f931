import type { CurrentEpisode } from './store';
import type { VideoInfo } from './types';

/** What a stream asks of the player: the full hls.js build is loaded only when one of these is set. */
export type StreamNeeds = { subtitles?: boolean; captions?: boolean; drm?: boolean };

export type Stream = { url: string; live: boolean; needs: StreamNeeds };

/**
 * The stream to play: live while the event is live, else the chosen episode for an event with episodes (none until
 * the episodes feature has chosen one), else the replay (or the replay first when preferred).
 */
export function streamOf(
  info: VideoInfo,
  preferReplay: boolean,
  episode: CurrentEpisode | null = null,
): Stream | null {
  const needs: StreamNeeds = { subtitles: Boolean(info.has_subtitles), captions: Boolean(info.has_captions) };
  const live = info.live_status === 1 && info.live_url ? { url: info.live_url, live: true, needs } : null;
  // A live broadcast comes before the episodes (an event's earlier broadcasts are its episodes).
  if (live && !preferReplay) return live;
  if (info.episode_count) return episode ? { url: episode.url, live: false, needs } : null;
  const replay = info.replay_url ? { url: info.replay_url, live: false, needs } : null;
  return preferReplay ? (replay ?? live) : (live ?? replay);
}
