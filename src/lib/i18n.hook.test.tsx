// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMessages, i18n, initI18n, useTranslation, type TranslationKey } from './i18n';

function Text({ k, count }: { k: string; count?: number }) {
  const { t } = useTranslation();
  return <p>{count === undefined ? t(k as TranslationKey) : t(k as TranslationKey, { count })}</p>;
}

beforeAll(async () => {
  await initI18n('zh-CN');
});

describe("useTranslation's t", () => {
  it('shows a text that changed after it was first looked up', () => {
    i18n.addResource('zh-CN', 'hookTest.title', '旧');
    const { rerender } = render(<Text k="hookTest.title" />);
    expect(screen.getByText('旧')).toBeTruthy();
    i18n.addResource('zh-CN', 'hookTest.title', '新');
    rerender(<Text k="hookTest.title" />);
    expect(screen.getByText('新')).toBeTruthy();
  });

  it("shows a feature's text registered after the key was asked for while missing", () => {
    const { rerender } = render(<Text k="hookLate.title" />);
    expect(screen.getByText('hookLate.title')).toBeTruthy();
    addMessages('hookLate', { 'zh-CN': { title: '来了' } });
    rerender(<Text k="hookLate.title" />);
    expect(screen.getByText('来了')).toBeTruthy();
  });

  it('still picks plural forms and values for calls with options', async () => {
    addMessages('hookPlural', { en: { votes_one: '{{count}} vote', votes_other: '{{count}} votes' } });
    await act(async () => {
      await initI18n('en');
    });
    const { rerender } = render(<Text k="hookPlural.votes" count={1} />);
    expect(screen.getByText('1 vote')).toBeTruthy();
    rerender(<Text k="hookPlural.votes" count={3} />);
    expect(screen.getByText('3 votes')).toBeTruthy();
  });
});
