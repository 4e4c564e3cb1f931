// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import OpenLocationPage from './OpenLocationPage';

const wechat = vi.hoisted(() => ({ inWeChat: false, setup: vi.fn(), open: vi.fn() }));
vi.mock(
  '../choose-location/SystemPage.css',
  async () => (await import('../choose-location/class-names.test-helper')).classNames,
);
vi.mock('../../lib/wechat/user-agent', () => ({ isWeChat: () => wechat.inWeChat }));
vi.mock('../../lib/wechat/setup', () => ({ setupJsSdk: wechat.setup }));
vi.mock('../../lib/wechat/media', () => ({ openLocation: wechat.open }));

const open = (query: string) =>
  render(
    <MemoryRouter initialEntries={[`/open-location?${query}`]}>
      <OpenLocationPage />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await initI18n('en');
  // The page's own keys live in src/locales (owned by the engine); this one is needed to see the numbers.
  i18n.addResource('en', 'system.coordinatesText', 'Latitude {{latitude}}, longitude {{longitude}}');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  wechat.inWeChat = false;
});

describe('OpenLocationPage', () => {
  it('shows the place as a card outside WeChat, without a map link when the map host is not allowed', () => {
    const { container } = open('lat=31.2304&lng=121.4737&name=Hall%20A&address=1%20Century%20Ave');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Hall A');
    expect(screen.getByText('1 Century Ave')).toBeTruthy();
    expect(container.textContent).toContain('31.2304');
    expect(container.textContent).toContain('121.4737');
    // The demo allow-list has example.com only, so no link to the map host.
    expect(container.querySelector('a')).toBeNull();
    expect(wechat.setup).not.toHaveBeenCalled();
  });

  it('says so when the coordinates are missing or out of range', () => {
    open('lat=120&lng=10');
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('opens WeChat’s map in WeChat', async () => {
    wechat.inWeChat = true;
    wechat.setup.mockResolvedValue({});
    wechat.open.mockResolvedValue(undefined);
    open('lat=31.2&lng=121.5&name=Hall');
    await waitFor(() =>
      expect(wechat.open).toHaveBeenCalledWith({
        latitude: 31.2,
        longitude: 121.5,
        name: 'Hall',
        address: '',
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a notice and keeps the card when WeChat cannot open the map', async () => {
    wechat.inWeChat = true;
    wechat.setup.mockRejectedValue(new Error('config:invalid signature'));
    open('lat=31.2&lng=121.5');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open in WeChat map' })).toBeTruthy();
  });
});
