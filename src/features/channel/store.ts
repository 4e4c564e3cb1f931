/** Channel store (spec section 3); filled by the channel features. */
import { createStore, useStore } from '../../lib/store';

export type ChannelState = {
  channelToken: string;
  channelInfo: { user_id: number } | null;
  bottomState: 'home' | 'follow' | 'search' | 'intro';
};

export const channelStore = createStore<ChannelState>({
  channelToken: '',
  channelInfo: null,
  bottomState: 'home',
});

export function useChannel<T>(selector: (state: ChannelState) => T): T {
  return useStore(channelStore, selector);
}
