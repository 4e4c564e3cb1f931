// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as ConfigModule from '../../engine/config';
import { initI18n } from '../../lib/i18n';
import MyWebviewPage from './MyWebviewPage';

vi.mock(
  '../choose-location/SystemPage.css',
  async () => (await import('../choose-location/class-names.test-helper')).classNames,
);
vi.mock('../../engine/config', async (importOriginal) => {
  const actual = await importOriginal<typeof ConfigModule>();
  return {
    ...actual,
    appConfig: {
      ...actual.appConfig,
      constants: { ...actual.appConfig.constants, externalLinkAllowList: ['example.com'] },
    },
  };
});

const open = (query: string) =>
  render(
    <MemoryRouter initialEntries={[`/pages/my_webview/index?${query}`]}>
      <MyWebviewPage />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('MyWebviewPage', () => {
  it('embeds an allowed https link in a sandboxed, no-referrer frame with a title', () => {
    open(`url=${encodeURIComponent('https://news.example.com/a?b=1')}&title=News`);
    const frame = screen.getByTitle('News');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://news.example.com/a?b=1');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('News');
  });

  it.each([
    'javascript:alert(1)',
    'https://example.com@evil.com/',
    'http://example.com/',
    'https://evil.com/',
    '//example.com/',
    '',
  ])('refuses %j with a clear message and no frame', (url) => {
    const { container } = open(`url=${encodeURIComponent(url)}`);
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
