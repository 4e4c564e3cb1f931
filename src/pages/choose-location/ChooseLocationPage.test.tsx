// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import ChooseLocationPage from './ChooseLocationPage';

import type * as I18n from '../../lib/i18n';

// Assert on message keys, not on wording: the page shows t(key) and the test checks which key.
vi.mock('../../lib/i18n', async (importOriginal) => {
  const actual = await importOriginal<typeof I18n>();
  return { ...actual, useTranslation: () => ({ t: (key: string) => key, i18n: actual.i18n }) };
});

const wechat = vi.hoisted(() => ({ inWeChat: false, setup: vi.fn(), locate: vi.fn() }));
vi.mock('./SystemPage.css', async () => (await import('./class-names.test-helper')).classNames);
vi.mock('../../lib/wechat/user-agent', () => ({ isWeChat: () => wechat.inWeChat }));
vi.mock('../../lib/wechat/setup', () => ({ setupJsSdk: wechat.setup }));
vi.mock('../../lib/wechat/media', () => ({ getLocation: wechat.locate }));

function Landing() {
  const location = useLocation();
  return <p data-testid="landing">{`${location.pathname}${location.search}`}</p>;
}

const open = (query: string) =>
  render(
    <MemoryRouter initialEntries={['/pages/user/index', `/choose-location?${query}`]} initialIndex={1}>
      <Routes>
        <Route path="/choose-location" element={<ChooseLocationPage />} />
        <Route path="*" element={<Landing />} />
      </Routes>
    </MemoryRouter>,
  );

const redirect = `redirect=${encodeURIComponent('/pages/user/index?tab=address')}`;

function stubGeolocation(outcome: { coords: { latitude: number; longitude: number } } | { code: number }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
    if ('coords' in outcome) ok(outcome as GeolocationPosition);
    else fail(outcome as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  wechat.inWeChat = false;
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('ChooseLocationPage outside WeChat', () => {
  it('labels both inputs and validates them before returning', () => {
    open(redirect);
    const latitude = screen.getByLabelText(/^system\.latitude/);
    const longitude = screen.getByLabelText(/^system\.longitude/);
    fireEvent.change(latitude, { target: { value: '95' } });
    fireEvent.change(longitude, { target: { value: 'east' } });
    fireEvent.click(
      screen.getAllByRole('button', { name: 'system.chooseLocation.confirm' })[0] as HTMLElement,
    );
    expect(latitude.getAttribute('aria-invalid')).toBe('true');
    expect(longitude.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('system.coordinate.range')).toBeTruthy();
    expect(screen.getByText('system.coordinate.notNumber')).toBeTruthy();
    expect(screen.queryByTestId('landing')).toBeNull();
  });

  it('returns valid manual coordinates to the redirect page', () => {
    open(redirect);
    fireEvent.change(screen.getByLabelText(/^system\.latitude/), { target: { value: '31.2304' } });
    fireEvent.change(screen.getByLabelText(/^system\.longitude/), { target: { value: '121.4737' } });
    fireEvent.click(screen.getByRole('button', { name: 'system.chooseLocation.confirm' }));
    const landing = new URL(screen.getByTestId('landing').textContent ?? '', 'http://x');
    expect(landing.pathname).toBe('/pages/user/index');
    expect(landing.searchParams.get('tab')).toBe('address');
    expect(landing.searchParams.get('lat')).toBe('31.2304');
    expect(landing.searchParams.get('lng')).toBe('121.4737');
  });

  it('uses the browser position when asked and returns it', async () => {
    stubGeolocation({ coords: { latitude: 39.9, longitude: 116.4 } });
    open(redirect);
    fireEvent.click(screen.getByRole('button', { name: 'system.chooseLocation.useMyLocation' }));
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'system.chooseLocation.confirm' })).toHaveLength(2),
    );
    fireEvent.click(
      screen.getAllByRole('button', { name: 'system.chooseLocation.confirm' })[0] as HTMLElement,
    );
    const landing = new URL(screen.getByTestId('landing').textContent ?? '', 'http://x');
    expect(landing.searchParams.get('lat')).toBe('39.9');
  });

  it.each([
    [1, 'system.chooseLocation.denied'],
    [2, 'system.chooseLocation.unavailable'],
    [3, 'system.chooseLocation.timeout'],
  ])('explains geolocation error %i', async (code, message) => {
    stubGeolocation({ code });
    open(redirect);
    fireEvent.click(screen.getByRole('button', { name: 'system.chooseLocation.useMyLocation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('explains when the browser has no Geolocation API', async () => {
    open(redirect);
    fireEvent.click(screen.getByRole('button', { name: 'system.chooseLocation.useMyLocation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('system.chooseLocation.unavailable');
  });

  it('ignores an unsafe redirect and just goes back', () => {
    open(`redirect=${encodeURIComponent('https://evil.com/')}`);
    fireEvent.change(screen.getByLabelText(/^system\.latitude/), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText(/^system\.longitude/), { target: { value: '2' } });
    window.history.replaceState({ idx: 1 }, '');
    fireEvent.click(screen.getByRole('button', { name: 'system.chooseLocation.confirm' }));
    expect(screen.getByTestId('landing').textContent).toBe('/pages/user/index');
  });
});

describe('ChooseLocationPage in WeChat', () => {
  it('locates through the JS-SDK and returns the position on confirm', async () => {
    wechat.inWeChat = true;
    wechat.setup.mockResolvedValue({});
    wechat.locate.mockResolvedValue({ latitude: 22.5431, longitude: 114.0579 });
    open(redirect);
    expect(screen.getByRole('status').textContent).toBe('system.chooseLocation.locating');
    expect(screen.queryByRole('button', { name: 'system.chooseLocation.useMyLocation' })).toBeNull();
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'system.chooseLocation.confirm' })).toHaveLength(2),
    );
    fireEvent.click(
      screen.getAllByRole('button', { name: 'system.chooseLocation.confirm' })[0] as HTMLElement,
    );
    const landing = new URL(screen.getByTestId('landing').textContent ?? '', 'http://x');
    expect(landing.searchParams.get('lat')).toBe('22.5431');
    expect(landing.searchParams.get('lng')).toBe('114.0579');
  });

  it('falls back to manual input when WeChat cannot locate', async () => {
    wechat.inWeChat = true;
    wechat.setup.mockResolvedValue({});
    wechat.locate.mockRejectedValue(new Error('getLocation:fail auth deny'));
    open(redirect);
    expect((await screen.findByRole('alert')).textContent).toBe('system.chooseLocation.wechatFailed');
    expect(screen.getByLabelText(/^system\.latitude/)).toBeTruthy();
  });
});
