/** The blocks of the shop and orders pages, and the organiser's downloads, each loaded when a page shows it (see ../registry.ts). */
export const shopProducts = () => import('../shop-products/ShopProducts');
export const shopProduct = () => import('../shop-product/ShopProduct');
export const shopCheckout = () => import('../shop-checkout/ShopCheckout');
export const shopAddresses = () => import('../shop-addresses/ShopAddresses');
export const shopAddressEditor = () => import('../shop-address-editor/ShopAddressEditor');
export const shopOrders = () => import('../shop-orders/ShopOrders');
export const shopOrder = () => import('../shop-order/ShopOrder');
export const shopDownloads = () => import('../shop-downloads/ShopDownloads');
