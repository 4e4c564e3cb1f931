/** The channel's pages, found in config/app.json by their page key, and its rankings by the block they show. */
import { appConfig, type AppConfig } from '../../engine/config';
import { pathTo } from '../../engine/routes';

export const channelPage = (config: AppConfig = appConfig) => pathTo(config, { page: 'channel' });
export const channelRoomPage = (config: AppConfig = appConfig) => pathTo(config, { page: 'channel-room' });
/** The players' rank in the channel's look. */
export const channelRankPage = (config: AppConfig = appConfig) =>
  pathTo(config, { block: 'vote-rank', props: { by: 'players' }, themeVariant: 'channel' });
