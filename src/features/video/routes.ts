/** The live room's page, found in config/app.json by its page key. */
import { appConfig, type AppConfig } from '../../engine/config';
import { pathTo } from '../../engine/routes';

export const liveRoomPage = (config: AppConfig = appConfig) => pathTo(config, { page: 'home' });
