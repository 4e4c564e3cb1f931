import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { findRegistrations, projectRoot, renderTypes } from '../../scripts/i18n-types';
import { addMessages, changeLocale, i18n } from './i18n';
import './messages';
import liveRoomEn from '../locales/live-room/en.json';
import liveRoomZhCN from '../locales/live-room/zh-CN.json';

describe('i18n', () => {
  it('translates nested keys in zh-CN by default', () => {
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('ui.confirm')).toBe('确定');
  });

  it('switches to English, loading it on demand, and notifies subscribers', async () => {
    let notified = 0;
    const stop = i18n.subscribe(() => notified++);
    await changeLocale('en');
    stop();
    expect(i18n.language).toBe('en');
    expect(i18n.t('ui.confirm')).not.toBe('确定');
    expect(i18n.t('messages.paymentCancelled')).toBe('Tip: you have cancelled the payment');
    expect(notified).toBe(1);
    await changeLocale('zh-CN');
  });

  it('chooses plural forms by count and shows counts in compact notation', () => {
    addMessages('liveRoom', { 'zh-CN': liveRoomZhCN, en: liveRoomEn });
    const en = i18n.getFixedT('en');
    const zh = i18n.getFixedT('zh-CN');
    expect(en('liveRoom.votes', { count: 1 })).toBe('1 vote');
    expect(en('liveRoom.votes', { count: 0 })).toBe('0 votes');
    expect(en('liveRoom.votes', { count: 2622999 })).toBe('2.6M votes');
    expect(en('liveRoom.votes', { count: 12345 })).toBe('12K votes');
    expect(zh('liveRoom.votes', { count: 1 })).toBe('1 票');
    expect(zh('liveRoom.votes', { count: 2622999 })).toBe('262.2万 票');
  });

  it('interpolates without escaping (React escapes what it renders)', () => {
    expect(i18n.t('messages.fieldRequired', { field: '<b>"Tom" & Jerry</b>' })).toBe(
      '<b>"Tom" & Jerry</b>不能为空！',
    );
  });

  it('falls back to zh-CN, then to the key; never resolves prototype keys', async () => {
    i18n.addResource('zh-CN', 'test.only', '仅中文');
    // Keys outside the typed texts (unknown keys are type errors in app code).
    const en = i18n.getFixedT('en') as (key: string) => string;
    const t = i18n.t as (key: string) => string;
    expect(en('test.only')).toBe('仅中文');
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('constructor')).toBe('constructor');
  });

  it('merges a namespace added in several calls, before and after English loads', async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    fresh.addMessages('feature', { 'zh-CN': { hello: '你好' }, en: { hello: 'Hello' } });
    fresh.addMessages('feature', { 'zh-CN': { nested: { bye: '再见' } }, en: { nested: { bye: 'Bye' } } });
    const t = fresh.i18n.t as (key: string) => string;
    expect(t('feature.hello')).toBe('你好');
    expect(t('feature.nested.bye')).toBe('再见');
    await fresh.changeLocale('en');
    expect(t('feature.hello')).toBe('Hello');
    expect(t('feature.nested.bye')).toBe('Bye');
    // English feature texts given before the English bundle loaded did not stop the bundle from loading.
    expect(t('ui.confirm')).not.toBe('确定');
    fresh.addMessages('later', { 'zh-CN': { bye: '再见' }, en: { bye: 'Bye' } });
    expect(t('later.bye')).toBe('Bye');
    await fresh.changeLocale('zh-CN');
  });

  it('addMessages keeps its signature: a namespace and one JSON tree per locale', () => {
    expect(() => addMessages('empty', {})).not.toThrow();
  });
});

describe('typed keys', () => {
  it('are generated from the first-load texts and every addMessages registration', () => {
    const registrations = findRegistrations();
    expect(registrations.map((registration) => registration.namespace)).toEqual(
      expect.arrayContaining(['vote', 'liveRoom', 'messages', 'chat']),
    );
    const text = renderTypes(registrations);
    expect(text).toContain("import type ns_vote from '../features/vote/locales/zh-CN.json';");
    expect(text).toContain('resources: { translation: Resources };');
  });

  it('cover every locales/zh-CN.json of src/features (each is registered with addMessages)', () => {
    const registered = new Set(findRegistrations().map((registration) => registration.file));
    const featuresDir = path.join(projectRoot, 'src/features');
    const bundles = fs
      .readdirSync(featuresDir)
      .map((feature) => path.join('src/features', feature, 'locales/zh-CN.json'))
      .filter((file) => fs.existsSync(path.join(projectRoot, file)));
    expect(bundles.length).toBeGreaterThan(3);
    expect(bundles.filter((file) => !registered.has(file))).toEqual([]);
  });
});
