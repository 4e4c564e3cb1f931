import { describe, expect, it } from 'vitest';
import { streamOf } from './stream';
import type { VideoInfo } from './types';

const info = (fields: Partial<VideoInfo>) =>
  ({ live_status: 0, live_url: '', replay_url: '', episode_count: 0, ...fields }) as VideoInfo;
const episode = { id: 7, url: '/streams/vod/bc-1/master.m3u8?episode=7', startAt: 0 };

describe('the stream a room plays', () => {
  it('plays a live broadcast before the event’s episodes (its earlier broadcasts)', () => {
    const live = info({ live_status: 1, live_url: '/streams/live/bc-2/master.m3u8', episode_count: 1 });
    expect(streamOf(live, false, episode)).toMatchObject({ url: live.live_url, live: true });
  });

  it('plays the chosen episode once the broadcast has ended, nothing before one is chosen', () => {
    const ended = info({ live_status: 2, replay_url: '/streams/vod/bc-1/master.m3u8', episode_count: 1 });
    expect(streamOf(ended, false, episode)).toMatchObject({ url: episode.url, live: false });
    expect(streamOf(ended, false, null)).toBeNull();
  });

  it('shows the cover while upcoming', () => {
    expect(streamOf(info({}), false)).toBeNull();
  });
});
