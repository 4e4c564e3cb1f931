import { describe, expect, it } from 'vitest';
import zhCN from './zh-CN.json';
import en from './en.json';
import messagesEn from './messages/en.json';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('locales', () => {
  it('zh-CN and en define the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(zhCN).sort());
  });

  // Feature texts that load with their code (addMessages) live beside it in <folder>/{zh-CN,en}.json.
  const featureBundles = import.meta.glob<{ default: object }>('../**/{zh-CN,en}.json', { eager: true });
  const folders = [
    ...new Set(Object.keys(featureBundles).map((file) => file.replace(/\/[^/]+$/, ''))),
  ].filter((folder) => folder !== '.');

  it.each(folders)('%s: zh-CN and en define the same keys', (folder) => {
    const zh = featureBundles[`${folder}/zh-CN.json`]?.default ?? {};
    const english = featureBundles[`${folder}/en.json`]?.default ?? {};
    expect(keys(english).sort()).toEqual(keys(zh).sort());
  });

  it('carry the spec messages word for word in English', () => {
    const spec = [
      'chat content cannot be empty',
      'Please fill in your name and mobile phone number~',
      'Please fill in the company~',
      'Please input mobile phone number',
      'Please enter the verification code',
      'Please slide to verify',
      'Please complete the above content',
      'Tip: you have cancelled the payment',
      'payment parameter error',
      'please open in WeChat',
      'upload count exceeds limit',
      'video size must not exceed 300MB',
      'network poor, upload failed',
      'not supported for sharing',
      'your version is not supported',
      'no download permission',
    ];
    const values = Object.values(messagesEn);
    for (const message of spec) expect(values).toContain(message);
    expect(messagesEn.fieldRequired).toBe('{{field}} cannot be empty!');
    expect(messagesEn.downloadFailed).toBe('download {{file}} failed');
  });
});
