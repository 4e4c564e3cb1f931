/** The shop's pages (config/app.json routes). */
export const SHOP_PAGE = '/pages/shop/index';
export const PRODUCT_PAGE = '/pages/shop/product/index';
export const CHECKOUT_PAGE = '/pages/shop/checkout/index';
export const ADDRESSES_PAGE = '/pages/user/address/index';
export const ADDRESS_EDIT_PAGE = '/pages/user/address/edit/index';
export const ORDERS_PAGE = '/pages/user/order/index';
export const ORDER_PAGE = '/pages/user/order/detail/index';
export const PREVIEW_IMAGE_PAGE = '/preview-image';
