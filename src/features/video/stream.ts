import type { StreamNeeds } from '../player/engine';
import type { VideoInfo } from './types';

export type Stream = { url: string; live: boolean; needs: StreamNeeds };

/** The stream to play: live while the event is live, else the replay (or the replay first when preferred). */
export function streamOf(info: VideoInfo, preferReplay: boolean): Stream | null {
  const needs: StreamNeeds = { subtitles: Boolean(info.has_subtitles) };
  const live = info.live_status === 1 && info.live_url ? { url: info.live_url, live: true, needs } : null;
  const replay = info.replay_url ? { url: info.replay_url, live: false, needs } : null;
  return preferReplay ? (replay ?? live) : (live ?? replay);
}
