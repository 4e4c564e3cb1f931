// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import PreviewImagePage from './PreviewImagePage';

import type * as I18n from '../../lib/i18n';

// Assert on message keys, not on wording: the page shows t(key) and the test checks which key.
vi.mock('../../lib/i18n', async (importOriginal) => {
  const actual = await importOriginal<typeof I18n>();
  return { ...actual, useTranslation: () => ({ t: (key: string) => key, i18n: actual.i18n }) };
});

const wechat = vi.hoisted(() => ({ inWeChat: false, setup: vi.fn(), preview: vi.fn() }));
vi.mock(
  './PreviewImagePage.css',
  async () => (await import('../choose-location/class-names.test-helper')).classNames,
);
vi.mock(
  '../choose-location/SystemPage.css',
  async () => (await import('../choose-location/class-names.test-helper')).classNames,
);
vi.mock('../../lib/wechat/user-agent', () => ({ isWeChat: () => wechat.inWeChat }));
vi.mock('../../lib/wechat/setup', () => ({ setupJsSdk: wechat.setup }));
vi.mock('../../lib/wechat/media', () => ({ previewImage: wechat.preview }));

const five = [
  'https://a.net/1.png',
  'https://a.net/2.png',
  'https://a.net/3.png',
  'https://a.net/4.png',
  'https://a.net/5.png',
];

const open = (query: string) =>
  render(
    <MemoryRouter initialEntries={['/pages/home/index', `/preview-image?${query}`]} initialIndex={1}>
      <Routes>
        <Route path="/preview-image" element={<PreviewImagePage />} />
        <Route path="*" element={<p data-testid="previous-page" />} />
      </Routes>
    </MemoryRouter>,
  );

const counter = () => screen.getByText(/^\d+ \/ \d+$/).textContent;
const visibleImage = (container: HTMLElement) =>
  container.querySelector('[aria-hidden="false"] img')?.getAttribute('src');

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  wechat.inWeChat = false;
});

describe('PreviewImagePage', () => {
  it('starts at `current` and shows the index', () => {
    const { container } = open(`urls=${five.join(',')}&current=1`);
    expect(counter()).toBe('2 / 5');
    expect(visibleImage(container)).toBe(five[1]);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('moves with the arrow buttons, disabled at either end', () => {
    open(`urls=${five.join(',')}`);
    const previous = screen.getByRole('button', { name: 'system.previewImage.previous' });
    const next = screen.getByRole('button', { name: 'system.previewImage.next' });
    expect(previous).toHaveProperty('disabled', true);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(counter()).toBe('3 / 5');
    fireEvent.click(previous);
    expect(counter()).toBe('2 / 5');
  });

  it('moves with the keyboard arrows and closes on Escape', () => {
    open(`urls=${five.join(',')}&current=4`);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(counter()).toBe('5 / 5');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(counter()).toBe('4 / 5');
    window.history.replaceState({ idx: 1 }, '');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByTestId('previous-page')).toBeTruthy();
  });

  it('swipes to the next image with a pointer drag', () => {
    const { container } = open(`urls=${five.join(',')}`);
    const viewport = container.querySelector('.viewport') as HTMLElement;
    fireEvent.pointerDown(viewport, { pointerId: 1, clientX: 300, clientY: 400 });
    fireEvent.pointerMove(viewport, { pointerId: 1, clientX: 150, clientY: 405 });
    fireEvent.pointerUp(viewport, { pointerId: 1, clientX: 150, clientY: 405 });
    expect(counter()).toBe('2 / 5');
  });

  it('closes with the close button', () => {
    open(`urls=${five.join(',')}`);
    window.history.replaceState({ idx: 1 }, '');
    fireEvent.click(screen.getByRole('button', { name: 'ui.close' }));
    expect(screen.getByTestId('previous-page')).toBeTruthy();
  });

  it('drops unsafe addresses and says so when nothing is left', () => {
    open(
      `urls=${encodeURIComponent('javascript:alert(1)')},${encodeURIComponent('data:image/png;base64,AAAA')}`,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('system.previewImage.empty');
    expect(screen.getByRole('button', { name: 'system.back' })).toBeTruthy();
  });

  it('opens WeChat’s own viewer once the JS-SDK is ready', async () => {
    wechat.inWeChat = true;
    wechat.setup.mockResolvedValue({});
    wechat.preview.mockResolvedValue(undefined);
    open(`urls=${five.join(',')}&current=2`);
    await vi.waitFor(() => expect(wechat.preview).toHaveBeenCalledWith(five, five[2]));
  });
});
