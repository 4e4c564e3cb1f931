/** The account's pages, found in config/app.json by the block each shows. */
import { appConfig, type AppConfig } from '../../engine/config';
import { pathTo } from '../../engine/routes';

export const loginPage = (config: AppConfig = appConfig) => pathTo(config, { block: 'account-login' });
export const userCentrePage = (config: AppConfig = appConfig) => pathTo(config, { block: 'account-user' });
export const complaintPage = (config: AppConfig = appConfig) =>
  pathTo(config, { block: 'account-complaint' });
export const jumpMiniProgramPage = (config: AppConfig = appConfig) =>
  pathTo(config, { block: 'account-jump-mp' });
