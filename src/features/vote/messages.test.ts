import { describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '../../lib/i18n';
import { voteLocales } from './messages';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('voting texts', () => {
  it('zh-CN and en define the same keys', () => {
    expect(keys(voteLocales.en).sort()).toEqual(keys(voteLocales['zh-CN']).sort());
  });

  it('join the translator in Chinese at once and in English after the app switched to it', async () => {
    expect(i18n.t('vote.vote')).toBe('投票');
    await changeLocale('en');
    expect(i18n.t('vote.vote')).toBe('Vote');
    // The app's own English bundle was loaded, not replaced by the voting texts.
    expect(i18n.t('ui.loading')).not.toBe(i18n.getFixedT('zh-CN')('ui.loading'));
    await changeLocale('zh-CN');
  });
});
