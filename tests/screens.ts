import type { Page } from '@playwright/test';

export type Screen = {
  id: string;
  /** Hash route with its query, as a viewer opens it. */
  path: string;
  /** Visible text (or a CSS selector prefixed with `css=`) that proves the screen has rendered. */
  ready: string;
  /** Extra steps before the screenshot (open a pop-up, fill a form). */
  setup?: (page: Page) => Promise<void>;
};

/** Every screen that exists, screenshotted in every theme x variant. Later features add their screens here. */
export const screens: Screen[] = [
  { id: 'entry', path: '/', ready: 'css=main' },
  { id: 'home', path: '/pages/home/index?token=demo', ready: '2026 新品发布会 · 现场直播' },
  { id: 'home-en', path: '/pages/home/index?token=demo&locale=en', ready: 'Introduction' },
  { id: 'no-event', path: '/pages/home/index?token=nosuchevent', ready: '未找到该活动' },
  { id: 'not-found', path: '/no/such/page', ready: '页面不存在' },
  { id: 'coming-soon', path: '/pages/user/index?token=demo', ready: '该页面即将上线' },
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
];
