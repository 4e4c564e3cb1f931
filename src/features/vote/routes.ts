/** The contest's pages, found in config/app.json by the block each shows (README "Voting contests"). */
import { appConfig, type AppConfig } from '../../engine/config';
import { pathTo } from '../../engine/routes';

export const contestPage = (config: AppConfig = appConfig) => pathTo(config, { block: 'vote-contest' });
export const playerPage = (config: AppConfig = appConfig) => pathTo(config, { block: 'vote-player' });
export const rankPage = (config: AppConfig = appConfig) =>
  pathTo(config, { block: 'vote-rank', props: { by: 'players' }, themeVariant: 'default' });
export const teamRankPage = (config: AppConfig = appConfig) =>
  pathTo(config, { block: 'vote-rank', props: { by: 'teams' } });
export const scorePage = (config: AppConfig = appConfig) => pathTo(config, { block: 'vote-scores' });
export const signUpPage = (config: AppConfig = appConfig) => pathTo(config, { block: 'vote-sign-up' });
export const todayStarPage = (config: AppConfig = appConfig) => pathTo(config, { block: 'vote-today-star' });
export const previewImagePage = (config: AppConfig = appConfig) => pathTo(config, { page: 'preview-image' });
