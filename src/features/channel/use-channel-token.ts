import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { loadChannel } from './api';
import { useChannel } from './store';

/** The page's channel (`channelToken` in its address), loaded into the channel store. */
export function useChannelPage(): string {
  const [params] = useSearchParams();
  const token = params.get('channelToken') ?? '';
  useEffect(() => {
    void loadChannel(token);
  }, [token]);
  return useChannel((state) => state.channelToken) || token;
}
