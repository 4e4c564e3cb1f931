import { describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '../../lib/i18n';
import './messages';

describe('voting texts', () => {
  it('join the translator in Chinese at once and in English after the app switched to it', async () => {
    expect(i18n.t('vote.vote')).toBe('投票');
    await changeLocale('en');
    expect(i18n.t('vote.vote')).toBe('Vote');
    // The app's own English bundle was loaded, not replaced by the voting texts.
    expect(i18n.t('ui.loading')).not.toBe(i18n.getFixedT('zh-CN')('ui.loading'));
    await changeLocale('zh-CN');
  });
});
