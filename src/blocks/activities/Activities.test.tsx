// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { videoStore } from '../../features/video/store';
import type { VideoInfo } from '../../features/video/types';
import type * as EventActivitiesModule from '../../lib/event-activities';
import { changeLocale, initI18n } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { Activities } from './Activities';

const offered = vi.hoisted(() => ({ activities: null as EventActivitiesModule.EventActivities | null }));
vi.mock('../../lib/event-activities', async (original) => ({
  ...(await original<typeof EventActivitiesModule>()),
  fetchEventActivities: vi.fn(async () => offered.activities),
}));

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  cleanup();
  videoStore.reset();
  await changeLocale('en');
});

function Target() {
  const { pathname, search } = useLocation();
  return <p data-testid="target">{`${pathname}${search}`}</p>;
}

function renderRoom(activities: EventActivitiesModule.EventActivities) {
  offered.activities = activities;
  launchStore.update((draft) => {
    draft.videoToken = 'demo';
    draft.locale = 'en';
  });
  render(
    <MemoryRouter initialEntries={['/pages/home/index?token=demo']}>
      <Routes>
        <Route path="/pages/home/index" element={<Activities props={{}} />} />
        <Route path="*" element={<Target />} />
      </Routes>
    </MemoryRouter>,
  );
  act(() =>
    videoStore.update((draft) => {
      draft.info = { token: 'demo' } as VideoInfo;
      draft.refreshCount += 1;
    }),
  );
}

describe('Activities', () => {
  it('links each of what the event offers to its page, by name, keeping the event', async () => {
    renderRoom({
      lotteries: [
        { id: 1, title: '大转盘', title_en: 'Prize wheel', upcoming: false },
        { id: 5, title: '新抽奖', title_en: 'New draw', upcoming: true },
      ],
      daily_bonuses: [{ id: 2, title: '每日签到', title_en: 'Daily points' }],
      check_in: true,
      score_tables: [{ id: 3, title: '决赛成绩', title_en: '' }],
      shop: true,
    });
    const nav = within(await screen.findByRole('navigation', { name: 'Activities' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Prize wheel›',
      'New drawNot open yet',
      'Daily points›',
      'Check-in›',
      '决赛成绩›',
      'Shop›',
    ]);
    fireEvent.click(nav.getByRole('link', { name: /Daily points/ }));
    const target = screen.getByTestId('target').textContent ?? '';
    expect(target.split('?')[0]).toBe('/pages/daily-bonus/index');
    const params = new URLSearchParams(target.split('?')[1]);
    expect(params.get('bonus_id')).toBe('2');
    expect(params.get('token')).toBe('demo');
  });

  it('shows nothing for an event that offers nothing', async () => {
    renderRoom({ lotteries: [], daily_bonuses: [], check_in: false, score_tables: [], shop: false });
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('names the records in Chinese', async () => {
    await changeLocale('zh-CN');
    renderRoom({
      lotteries: [{ id: 1, title: '大转盘', title_en: 'Prize wheel', upcoming: false }],
      daily_bonuses: [],
      check_in: true,
      score_tables: [],
      shop: false,
    });
    const nav = within(await screen.findByRole('navigation', { name: '活动' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['大转盘›', '签到›']);
  });
});
