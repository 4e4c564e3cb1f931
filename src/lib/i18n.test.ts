import { describe, expect, it, vi } from 'vitest';
import { changeLocale, i18n, interpolate } from './i18n';
import './messages';

describe('i18n', () => {
  it('translates nested keys in zh-CN by default', () => {
    expect(i18n.t('ui.confirm')).toBe('确定');
  });

  it('switches to English, loading it on demand, and notifies subscribers', async () => {
    let notified = 0;
    const stop = i18n.subscribe(() => notified++);
    await changeLocale('en');
    stop();
    expect(i18n.language).toBe('en');
    expect(i18n.t('messages.paymentCancelled')).toBe('Tip: you have cancelled the payment');
    expect(notified).toBe(1);
    await changeLocale('zh-CN');
  });

  it('interpolates values and leaves unknown placeholders', () => {
    expect(interpolate('{{field}} cannot be empty!', { field: 'Name' })).toBe('Name cannot be empty!');
    expect(interpolate('{{a}} {{b}}', { a: 1 })).toBe('1 {{b}}');
  });

  it('falls back to zh-CN, then to the key; never resolves prototype keys', () => {
    i18n.addResource('zh-CN', 'test.only', '仅中文');
    expect(i18n.getFixedT('en')('test.only')).toBe('仅中文');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(i18n.t('constructor')).toBe('constructor');
  });

  it('adds a feature namespace when its code loads, and to English once English loads', async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    fresh.addMessages('feature', { 'zh-CN': { hello: '你好' }, en: { hello: 'Hello' } });
    expect(fresh.i18n.t('feature.hello')).toBe('你好');
    await fresh.changeLocale('en');
    expect(fresh.i18n.t('feature.hello')).toBe('Hello');
    fresh.addMessages('later', { 'zh-CN': { bye: '再见' }, en: { bye: 'Bye' } });
    expect(fresh.i18n.t('later.bye')).toBe('Bye');
    await fresh.changeLocale('zh-CN');
  });
});
