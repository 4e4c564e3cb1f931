import type { Page } from '@playwright/test';

export type Screen = {
  id: string;
  /** Hash route with its query, as a viewer opens it. */
  path: string;
  /** Visible text (or a CSS selector prefixed with `css=`) that proves the screen has rendered. */
  ready: string;
  /** Extra steps before the screenshot (open a pop-up, fill a form). */
  setup?: (page: Page) => Promise<void>;
  /** CSS selectors of what differs from run to run (the browser's user agent), masked in the screenshot. */
  mask?: string[];
};

/** The account screens' viewer (server/seed/accounts.ts): a fixed session outside production, nothing changes it. */
const ACCOUNT_VIEWER = 'auth_token=account-screens-7401';

/** Every screen that exists, screenshotted in every theme x variant. Later features add their screens here. */
export const screens: Screen[] = [
  { id: 'entry', path: '/', ready: 'css=main' },
  { id: 'home', path: '/pages/home/index?token=demo', ready: '2026 新品发布会 · 现场直播' },
  { id: 'home-en', path: '/pages/home/index?token=demo&locale=en', ready: 'Introduction' },
  { id: 'no-event', path: '/pages/home/index?token=nosuchevent', ready: '未找到该活动' },
  { id: 'not-found', path: '/no/such/page', ready: '页面不存在' },
  {
    id: 'preview-image',
    path: '/preview-image?urls=/streams/vod/demo/cover.jpg&current=0',
    ready: 'css=img',
  },
  { id: 'choose-location', path: '/choose-location', ready: 'css=h1' },
  {
    id: 'open-location',
    path: '/open-location?lat=31.2304&lng=121.4737&name=上海中心&address=上海市浦东新区',
    ready: '上海中心',
  },
  { id: 'webview-blocked', path: '/pages/my_webview/index?url=https%3A%2F%2Fevil.test%2F', ready: 'css=h1' },
  {
    id: 'access-password',
    path: '/pages/home/index?token=secret',
    ready: '本视频需要密码观看',
    setup: async (page) => {
      await page.getByRole('button', { name: '输入密码' }).click();
      await page.getByRole('dialog', { name: '视频密码' }).getByLabel('密码').waitFor();
    },
  },
  {
    id: 'access-pay',
    path: '/pages/home/index?token=paid',
    ready: '付费视频',
    setup: async (page) => {
      await page.getByRole('button', { name: '¥1.00 购买' }).click();
      await page
        .getByRole('dialog', { name: '付费观看' })
        .getByRole('button', { name: '支付 ¥1.00' })
        .waitFor();
    },
  },
  {
    id: 'access-info-form',
    path: '/pages/home/index?token=info',
    ready: '观看前请先填写信息',
    setup: async (page) => {
      await page.getByRole('button', { name: '填写信息' }).click();
      await page.getByRole('dialog', { name: '信息登记' }).getByLabel('备注').waitFor();
    },
  },
  {
    id: 'access-phone',
    path: '/pages/home/index?token=phone',
    ready: '观看前请先绑定手机号',
    setup: async (page) => {
      await page.getByRole('button', { name: '绑定手机' }).click();
      await page.getByRole('dialog', { name: '绑定手机' }).getByLabel('验证码').waitFor();
    },
  },
  // The chat of chat-demo (seeded lines nothing else writes), and its two pop-ups.
  { id: 'chat-room', path: '/pages/home/index?token=chat-demo', ready: '谢谢红包！' },
  {
    id: 'chat-gift',
    path: '/pages/home/index?token=chat-demo',
    ready: '谢谢红包！',
    setup: async (page) => {
      await page.getByRole('button', { name: '送礼物' }).click();
      await page.getByRole('dialog').getByText('火箭').waitFor();
    },
  },
  {
    id: 'chat-redpack',
    path: '/pages/home/index?token=chat-demo',
    ready: '谢谢红包！',
    setup: async (page) => {
      await page.getByRole('button', { name: '发红包', exact: true }).click();
      await page.getByRole('dialog').getByLabel('红包个数').waitFor();
    },
  },
  // A chat room with the organiser's pinned announcement above its lines (chat-pinned: nothing writes there).
  { id: 'chat-pinned', path: '/pages/home/index?token=chat-pinned', ready: '看到置顶了，八点见' },
  // The live room of the VOD event: episode list, image text, related and more/new videos (nothing writes to vod).
  { id: 'live-vod-episodes', path: '/pages/home/index?token=vod', ready: '第一集：产品入门' },
  { id: 'live-vod-en', path: '/pages/home/index?token=vod&locale=en', ready: 'Episodes' },
  // Voting contest 1 (nothing votes there): lists filtered through the link so each screen holds a whole list.
  {
    id: 'vote-players',
    path: '/pages/template/index?vote_id=1&keyword=李&team_id=2',
    ready: 'css=[data-testid="player-votes"]',
  },
  {
    id: 'vote-player',
    path: '/pages/vote/player/index?vote_id=1&player_id=1',
    ready: 'css=[data-testid="player-votes"]',
  },
  {
    id: 'vote-rank',
    path: '/pages/vote/rank/index?vote_id=1&team_id=1&group_id=2',
    ready: 'css=[data-testid="rank-row"]',
  },
  {
    id: 'vote-team-rank',
    path: '/pages/vote/team-rank/index?vote_id=1',
    ready: 'css=[data-testid="team-row"]',
  },
  {
    id: 'vote-score',
    path: '/pages/vote/score/index?vote_id=1&team_id=1&group_id=2',
    ready: 'css=[data-testid="score-row"]',
  },
  { id: 'vote-sign-up', path: '/pages/vote/sign-up/index?vote_id=1', ready: '参赛照片' },
  { id: 'vote-today-star', path: '/pages/jinrizhixing/index?vote_id=1', ready: '今天还没有人获得投票' },
  // The showcase channel (nothing follows or changes it): the channel home and its live room, channel variant looks.
  {
    id: 'channel-home',
    path: '/pages/channel/index?channelToken=showcase',
    ready: 'css=[role="tabpanel"] [role="listitem"]',
  },
  {
    id: 'channel-home-en',
    path: '/pages/channel/index?channelToken=showcase&locale=en',
    ready: 'css=[role="tabpanel"] [role="listitem"]',
  },
  {
    id: 'channel-room',
    path: '/pages/channel/room-new/index?channelToken=showcase&token=ch-001',
    ready: '返回频道',
  },
  {
    id: 'channel-room-en',
    path: '/pages/channel/room-new/index?channelToken=showcase&token=ch-001&locale=en',
    ready: 'Back to channel',
  },
  { id: 'shop-products', path: '/pages/shop/index?token=demo', ready: '发布会纪念 T 恤' },
  { id: 'shop-product', path: '/pages/shop/product/index?token=demo&id=1', ready: '纯棉短袖' },
  {
    id: 'shop-checkout',
    path: '/pages/shop/checkout/index?token=demo&id=1&auth_token=shop-screens-7001',
    ready: '提交订单并支付',
  },
  {
    id: 'shop-addresses',
    path: '/pages/user/address/index?token=demo&auth_token=shop-screens-7001',
    ready: '李华',
  },
  {
    id: 'shop-address-editor',
    path: '/pages/user/address/edit/index?token=demo&id=2&auth_token=shop-screens-7001',
    ready: 'css=textarea',
  },
  {
    id: 'shop-orders',
    path: '/pages/user/order/index?token=demo&auth_token=shop-screens-7001',
    ready: '定制保温杯',
  },
  {
    id: 'shop-orders-en',
    path: '/pages/user/order/index?token=demo&locale=en&auth_token=shop-screens-7001',
    ready: 'To pay',
  },
  {
    id: 'shop-order',
    path: '/pages/user/order/detail/index?token=demo&order_sn=20260101000002&auth_token=shop-screens-7001',
    ready: 'YT9876543210',
  },
  {
    id: 'shop-downloads',
    path: '/pages/user/download/index?token=demo&vote_id=1&auth_token=shop-organiser-7003',
    ready: '选手票数',
  },
  {
    id: 'engage-lottery-wheel',
    path: '/pages/lottery/index?token=demo&lottery_id=1',
    ready: '直播间幸运大转盘',
  },
  {
    id: 'engage-lottery-rules',
    path: '/pages/lottery/index?token=demo&lottery_id=1',
    ready: '直播间幸运大转盘',
    setup: async (page) => {
      await page.getByRole('button', { name: '活动规则' }).click();
      await page.getByRole('dialog', { name: '活动规则' }).waitFor();
    },
  },
  {
    id: 'engage-lottery-grid',
    path: '/pages/lottery/grid/index?token=demo&lottery_id=1',
    ready: '直播间幸运大转盘',
  },
  {
    id: 'engage-lottery-en',
    path: '/pages/lottery/index?token=demo&lottery_id=1&locale=en',
    ready: 'Log in to draw',
  },
  { id: 'engage-bonus', path: '/pages/daily-bonus/index?token=demo&bonus_id=1', ready: '每日签到领积分' },
  { id: 'engage-check-in', path: '/pages/check-in/index?token=demo', ready: '开幕式' },
  { id: 'engage-score', path: '/pages/score_query/index?token=demo&query_id=1', ready: '2026 校园歌手大赛' },
  // Account pages: logged out for the login and scan pages, viewer 7401 for the others.
  {
    id: 'account-login',
    path: '/pages/login/index?token=demo',
    ready: 'css=[role="slider"]',
  },
  {
    id: 'account-login-email',
    path: '/pages/login/index?token=demo',
    ready: 'css=[role="slider"]',
    setup: async (page) => {
      await page.getByRole('tab', { name: '邮箱登录' }).click();
      await page.getByRole('tabpanel').getByLabel('昵称').waitFor();
    },
  },
  {
    id: 'account-login-en',
    path: '/pages/login/index?token=demo&locale=en',
    ready: 'css=[role="slider"]',
  },
  { id: 'account-user', path: `/pages/user/index?token=demo&${ACCOUNT_VIEWER}`, ready: '当前设备' },
  {
    id: 'account-user-en',
    path: `/pages/user/index?token=demo&locale=en&${ACCOUNT_VIEWER}`,
    ready: 'This device',
  },
  { id: 'account-phone', path: `/pages/user/phone/index?token=demo&${ACCOUNT_VIEWER}`, ready: '138****8000' },
  {
    id: 'account-favourites',
    path: `/pages/user/collection/index?token=demo&${ACCOUNT_VIEWER}`,
    ready: '产品训练营（回放，共三集）',
  },
  {
    id: 'account-information',
    path: `/pages/information/index?token=info&${ACCOUNT_VIEWER}`,
    ready: '已填写过，可修改后重新提交',
  },
  {
    id: 'account-complaint',
    path: `/pages/complaint/tousu/index?token=demo&target_kind=video&target=demo&${ACCOUNT_VIEWER}`,
    ready: 'css=input[name="reason"]',
  },
  { id: 'account-vip', path: `/pages/vip/index?token=demo&${ACCOUNT_VIEWER}`, ready: '年度会员' },
  {
    id: 'account-jump-mp',
    path: `/pages/jump-mp/index?token=demo&${ACCOUNT_VIEWER}`,
    ready: '此处未配置小程序',
  },
  { id: 'account-scan', path: '/pages/scan-code/index?token=demo', ready: '打开摄像头扫码' },
  {
    id: 'account-diagnostics',
    path: `/pages/test/index?token=demo&${ACCOUNT_VIEWER}`,
    ready: 'css=[data-testid="diag-userAgent"]',
    mask: ['[data-testid="diag-userAgent"]', '[data-testid="diag-network"]'],
  },
];
