// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearTokens, storeToken } from '../../lib/auth';
import { initI18n } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import type * as AccountApi from './api';
import type * as EventActivitiesModule from '../../lib/event-activities';
import { UserCentre } from './UserCentre';

/** The organiser actions the server grants the logged-in viewer of the next render. */
const granted = vi.hoisted(() => ({ actions: [] as AccountApi.OrganiserAction[], asked: [] as string[] }));
vi.mock('./api', async (original) => ({
  ...(await original<typeof AccountApi>()),
  fetchUserInfo: vi.fn(async () => ({ nickname: 'Staff', avatar: '', phone: '' })),
  fetchSessions: vi.fn(async () => ({ list: [] })),
  fetchOrganiserActions: vi.fn(async (eventToken: string) => {
    granted.asked.push(eventToken);
    return granted.actions;
  }),
}));

/** What the server lists for the event of the next render (GET /v3/api/event/activities). */
const offered = vi.hoisted(() => ({
  activities: null as EventActivitiesModule.EventActivities | null,
  asked: [] as string[],
}));
const DEMO_ACTIVITIES: EventActivitiesModule.EventActivities = {
  lotteries: [{ id: 1, title: '直播间幸运大转盘', title_en: 'Live room prize wheel', upcoming: false }],
  daily_bonuses: [{ id: 2, title: '每日签到领积分', title_en: 'Daily points' }],
  check_in: true,
  score_tables: [{ id: 3, title: '决赛成绩', title_en: '' }],
  shop: true,
};
vi.mock('../../lib/event-activities', async (original) => ({
  ...(await original<typeof EventActivitiesModule>()),
  fetchEventActivities: vi.fn(async (eventToken: string) => {
    offered.asked.push(eventToken);
    return offered.activities ?? DEMO_ACTIVITIES;
  }),
}));

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  clearTokens();
  launchStore.reset();
  granted.actions = [];
  granted.asked = [];
  offered.activities = null;
  offered.asked = [];
  vi.restoreAllMocks();
});

function renderCentre(videoToken: string) {
  launchStore.update((draft) => {
    draft.videoToken = videoToken;
    draft.locale = 'en';
  });
  render(
    <MemoryRouter>
      <UserCentre />
    </MemoryRouter>,
  );
}

/** A link's route and query, as the hash router reads its href. */
function target(name: string) {
  const href = screen.getByRole('link', { name }).getAttribute('href') ?? '';
  const [path, query = ''] = href.replace(/^#/, '').split('?');
  return { path, params: new URLSearchParams(query) };
}

describe('UserCentre links (logged out)', () => {
  it('opens every page at the route config/app.json shows its block on, keeping the event and the language', async () => {
    renderCentre('demo');
    // What the event offers, by name where it has one (the server lists it), then the viewer's own pages.
    await screen.findByRole('link', { name: 'Live room prize wheel' });
    expect(offered.asked).toEqual(['demo']);
    const expected: [string, string][] = [
      ['Live room prize wheel', '/pages/lottery/index'],
      ['Daily points', '/pages/daily-bonus/index'],
      ['Check-in', '/pages/check-in/index'],
      ['决赛成绩', '/pages/score_query/index'],
      ['Shop', '/pages/shop/index'],
      ['My invitations', '/pages/home/index'],
      ['My orders', '/pages/user/order/index'],
      ['Addresses', '/pages/user/address/index'],
      ['My check-ins', '/pages/check-in/index'],
      ['My collection', '/pages/user/collection/index'],
      ['VIP', '/pages/vip/index'],
      ['Bind phone', '/pages/user/phone/index'],
      ['Information', '/pages/information/index'],
      ['Complaint', '/pages/complaint/tousu/index'],
      ['Diagnostics', '/pages/test/index'],
    ];
    for (const [name, path] of expected) {
      const link = target(name);
      expect(link.path, name).toBe(path);
      expect(link.params.get('token'), name).toBe('demo');
      expect(link.params.get('locale'), name).toBe('en');
    }
    const activities = within(screen.getByRole('navigation', { name: 'Activities' }));
    expect(activities.getAllByRole('link').map((link) => link.textContent?.replace('›', ''))).toEqual(
      expected.slice(0, 6).map(([name]) => name),
    );
    expect(target('Live room prize wheel').params.get('lottery_id')).toBe('1');
    expect(target('Daily points').params.get('bonus_id')).toBe('2');
    expect(target('决赛成绩').params.get('query_id')).toBe('3');
    expect(target('My invitations').params.get('section')).toBe('invite');
    expect(target('My check-ins').params.get('section')).toBe('mine');
    expect(target('Complaint').params.get('target')).toBe('demo');
    // Scanning is WeChat's: outside it there is no scan link.
    expect(screen.queryByRole('link', { name: 'Scan code' })).toBeNull();
    // The organiser pages are for the staff of the event's organisation: a logged-out viewer is nobody's.
    expect(screen.queryByRole('navigation', { name: 'Organiser' })).toBeNull();
    expect(granted.asked).toEqual([]);
  });

  it('links only what the event has: no lottery, bonus, score table, check-in or shop it lacks', async () => {
    offered.activities = { lotteries: [], daily_bonuses: [], check_in: false, score_tables: [], shop: false };
    renderCentre('demo');
    await vi.waitFor(() => expect(offered.asked).toEqual(['demo']));
    const activities = within(screen.getByRole('navigation', { name: 'Activities' }));
    expect(activities.getAllByRole('link').map((link) => link.textContent?.replace('›', ''))).toEqual([
      'My invitations',
    ]);
  });

  it('leaves out the pages about an event outside one, and asks for no activities', () => {
    renderCentre('');
    const activities = screen.queryByRole('navigation', { name: 'Activities' });
    expect(activities).toBeNull();
    expect(offered.asked).toEqual([]);
    const own = within(screen.getByRole('navigation', { name: 'My services' }));
    expect(own.getAllByRole('link').map((link) => link.textContent?.replace('›', ''))).toEqual([
      'My orders',
      'Addresses',
      'My collection',
      'VIP',
      'Bind phone',
      'Diagnostics',
    ]);
  });

  it('links the scan page inside WeChat', () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.47',
    );
    renderCentre('demo');
    expect(target('Scan code').path).toBe('/pages/scan-code/index');
  });
});

describe('UserCentre organiser links (logged in)', () => {
  function renderLoggedIn(videoToken: string, actions: AccountApi.OrganiserAction[]) {
    granted.actions = actions;
    storeToken(videoToken, 'session-token');
    renderCentre(videoToken);
  }
  const organiserLinks = async () => {
    await screen.findByRole('heading', { name: 'Staff' });
    const nav = screen.queryByRole('navigation', { name: 'Organiser' });
    return nav
      ? within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent?.replace('›', ''))
      : [];
  };

  it('shows no organiser link to a viewer the server grants no organiser action', async () => {
    renderLoggedIn('demo', []);
    expect(await organiserLinks()).toEqual([]);
    expect(granted.asked).toEqual(['demo']);
    expect(screen.queryByRole('link', { name: 'Downloads' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Staff check-in' })).toBeNull();
  });

  it('links the downloads when download is granted, staff check-in when check_in is, keeping the event and language', async () => {
    renderLoggedIn('demo', ['download']);
    expect(await screen.findByRole('link', { name: 'Downloads' })).toBeTruthy();
    expect(await organiserLinks()).toEqual(['Downloads']);
    cleanup();

    renderLoggedIn('demo', ['check_in']);
    expect(await screen.findByRole('link', { name: 'Staff check-in' })).toBeTruthy();
    expect(await organiserLinks()).toEqual(['Staff check-in']);
    cleanup();

    renderLoggedIn('demo', ['shop', 'sign_up_review', 'chat_moderation', 'check_in', 'download']);
    expect(await screen.findByRole('link', { name: 'Downloads' })).toBeTruthy();
    expect(await organiserLinks()).toEqual(['Downloads', 'Staff check-in']);
    for (const [name, path] of [
      ['Downloads', '/pages/user/download/index'],
      ['Staff check-in', '/pages/check-in/staff/index'],
    ]) {
      const link = target(name);
      expect(link.path, name).toBe(path);
      expect(link.params.get('token'), name).toBe('demo');
      expect(link.params.get('locale'), name).toBe('en');
    }
  });

  it('does not ask outside an event', async () => {
    renderLoggedIn('', ['download', 'check_in']);
    expect(await organiserLinks()).toEqual([]);
    expect(granted.asked).toEqual([]);
  });
});
