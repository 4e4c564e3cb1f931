/**
 * Channel store: channelToken and channel info, filled by the channel pages. A "channel bottom state" (which tab of a
 * bottom bar is open) has no counterpart here: the channel home is one scrolling page of configured blocks (header,
 * live now, search, categories, introduction, official account) with no bottom bar to switch between them, so there is
 * no state to keep; a bottom bar would be a block of its own, with its state added here when it exists.
 */
import type { ApiData } from '../../lib/api';
import { createStore, useStore } from '../../lib/store';

export type ChannelHome = ApiData<'/v2/api/home/index', 'get'>;
export type ChannelVideo = ChannelHome['lives'][number];

export type ChannelState = {
  channelToken: string;
  /** The channel (ChannelInfo: its user_id is the organiser), null until loaded or when the token is unknown. */
  channelInfo: ChannelHome | null;
  /** The load for channelToken finished (with or without a channel). */
  settled: boolean;
  /** Bumped by pull-down refresh: lists keyed on it start over. */
  refreshCount: number;
};

export const channelStore = createStore<ChannelState>({
  channelToken: '',
  channelInfo: null,
  settled: false,
  refreshCount: 0,
});

export function useChannel<T>(selector: (state: ChannelState) => T): T {
  return useStore(channelStore, selector);
}
