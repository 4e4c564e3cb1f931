// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { UserCentre, type Activities } from './UserCentre';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  launchStore.reset();
});

function renderCentre(videoToken: string, activities: Activities = { lotteryId: 1, bonusId: 2, queryId: 3 }) {
  launchStore.update((draft) => {
    draft.videoToken = videoToken;
    draft.locale = 'en';
  });
  render(
    <MemoryRouter>
      <UserCentre activities={activities} />
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
  it('opens every page at the route config/app.json shows its block on, keeping the event and the language', () => {
    renderCentre('demo');
    const expected: [string, string][] = [
      ['Shop', '/pages/shop/index'],
      ['Lucky draw', '/pages/lottery/index'],
      ['Daily bonus', '/pages/daily-bonus/index'],
      ['Check-in', '/pages/check-in/index'],
      ['Score query', '/pages/score_query/index'],
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
    expect(target('Lucky draw').params.get('lottery_id')).toBe('1');
    expect(target('Daily bonus').params.get('bonus_id')).toBe('2');
    expect(target('Score query').params.get('query_id')).toBe('3');
    expect(target('My invitations').params.get('section')).toBe('invite');
    expect(target('My check-ins').params.get('section')).toBe('mine');
    expect(target('Complaint').params.get('target')).toBe('demo');
    // Downloads are for the organisation's staff, whom the account answer does not name.
    expect(screen.queryByRole('link', { name: /download/i })).toBeNull();
  });

  it('leaves out the pages about an event outside one, and the activities the config does not name', () => {
    renderCentre('', {});
    const activities = screen.queryByRole('navigation', { name: 'Activities' });
    expect(activities).toBeNull();
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
});
