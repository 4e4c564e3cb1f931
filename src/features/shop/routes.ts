/** The shop's pages, found in config/app.json by the block each shows. */
import { appConfig, type AppConfig } from '../../engine/config';
import { pathTo } from '../../engine/routes';

export const shopPage = (config: AppConfig = appConfig) => pathTo(config, { block: 'shop-products' });
export const productPage = (config: AppConfig = appConfig) => pathTo(config, { block: 'shop-product' });
export const checkoutPage = (config: AppConfig = appConfig) => pathTo(config, { block: 'shop-checkout' });
export const addressesPage = (config: AppConfig = appConfig) => pathTo(config, { block: 'shop-addresses' });
export const addressEditPage = (config: AppConfig = appConfig) =>
  pathTo(config, { block: 'shop-address-editor' });
export const ordersPage = (config: AppConfig = appConfig) => pathTo(config, { block: 'shop-orders' });
export const orderPage = (config: AppConfig = appConfig) => pathTo(config, { block: 'shop-order' });
export const previewImagePage = (config: AppConfig = appConfig) => pathTo(config, { page: 'preview-image' });
