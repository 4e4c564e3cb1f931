import { describe, expect, it } from 'vitest';
import messagesEn from './messages/en.json';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * A language misses a key when the other has it and it has no text for it: plural keys count by their base key
 * (`votes_one` / `votes_other` -> `votes`), and each plural key must have every form the language needs (English:
 * one and other, Chinese: other).
 */
function missing(tree: object, other: object, locale: string): string[] {
  const own = keys(tree);
  const bases = new Set(own.map((key) => key.replace(PLURAL, '')));
  const absent = [...new Set(keys(other).map((key) => key.replace(PLURAL, '')))].filter(
    (key) => !bases.has(key),
  );
  const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const pluralBases = new Set(own.filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
  const incomplete = [...pluralBases].flatMap((base) =>
    forms.filter((form) => !own.includes(`${base}_${form}`)).map((form) => `${base}_${form}`),
  );
  return [...absent, ...incomplete].sort();
}

// Every bundle: src/locales/{zh-CN,en}.json (first load) and each folder of texts that load with their code
// (addMessages): src/locales/<folder>/, src/features/<feature>/locales/, named <name>zh-CN.json / <name>en.json.
const bundles = import.meta.glob<{ default: object }>(['../**/*zh-CN.json', '../**/*en.json'], {
  eager: true,
});
const pairs = Object.keys(bundles)
  .filter((file) => file.endsWith('zh-CN.json'))
  .map((zh) => [zh, zh.replace(/zh-CN\.json$/, 'en.json')] as const);

describe('locales', () => {
  it('find the first-load bundle and the feature bundles', () => {
    expect(pairs.map(([zh]) => zh)).toContain('./zh-CN.json');
    expect(pairs.map(([zh]) => zh)).toContain('../features/vote/locales/zh-CN.json');
  });

  it.each(pairs)('%s and %s: neither language misses a key', (zhFile, enFile) => {
    const zh = bundles[zhFile].default;
    const en = bundles[enFile]?.default;
    expect(en, `${enFile} is missing`).toBeDefined();
    expect({ en: missing(en ?? {}, zh, 'en'), 'zh-CN': missing(zh, en ?? {}, 'zh-CN') }).toEqual({
      en: [],
      'zh-CN': [],
    });
  });

  it.each(pairs)('%s and %s: a text names the same placeholders in both languages', (zhFile, enFile) => {
    const zh = bundles[zhFile].default;
    const en = bundles[enFile]?.default ?? {};
    const placeholders = (text: unknown) =>
      [...new Set([...String(text).matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]))].sort();
    const lookup = (tree: object, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
    const base = (key: string) => key.replace(PLURAL, '');
    const zhKeys = new Map(keys(zh).map((key) => [base(key), key]));
    const differing = keys(en).filter((key) => {
      const zhKey = zhKeys.get(base(key));
      return (
        zhKey !== undefined && placeholders(lookup(en, key)).join() !== placeholders(lookup(zh, zhKey)).join()
      );
    });
    expect(differing).toEqual([]);
  });

  it('the check itself catches a missing text and a missing plural form', () => {
    expect(missing({ a: 'A', votes_other: 'n' }, { a: 'a', b: 'b', votes_other: 'n' }, 'en')).toEqual([
      'b',
      'votes_one',
    ]);
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
