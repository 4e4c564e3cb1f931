import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('live-room messages', () => {
  it('zh-CN and en define the same keys with the same placeholders', () => {
    expect(keys(en).sort()).toEqual(keys(zhCN).sort());
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const lookup = (tree: object, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;
    for (const key of keys(en))
      expect(placeholders(lookup(en, key))).toEqual(placeholders(lookup(zhCN, key)));
  });
});
