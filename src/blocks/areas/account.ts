/** The blocks of the account pages (login, user centre, phone, favourites, information, complaint, VIP, jump, scan, diagnostics), each loaded when a page shows it (see ../registry.ts). */
export const accountLogin = () => import('../account-login/AccountLogin');
export const accountUser = () => import('../account-user/AccountUser');
export const accountPhone = () => import('../account-phone/AccountPhone');
export const accountInformation = () => import('../account-information/AccountInformation');
export const accountFavourites = () => import('../account-favourites/AccountFavourites');
export const accountComplaint = () => import('../account-complaint/AccountComplaint');
export const accountVip = () => import('../account-vip/AccountVip');
export const accountJumpMp = () => import('../account-jump-mp/AccountJumpMp');
export const accountScan = () => import('../account-scan/AccountScan');
export const accountDiagnostics = () => import('../account-diagnostics/AccountDiagnostics');
