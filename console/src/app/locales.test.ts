/** Every text of the console in both languages: the same keys, none empty, the English free of Chinese. */
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

type Texts = { [key: string]: string | Texts };
const flat = (texts: Texts, prefix = ''): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : flat(value, `${prefix}${key}.`),
  );

describe('console texts', () => {
  it('have the same keys in Chinese and English, each written', () => {
    const chinese = flat(zhCN);
    const english = flat(en);
    expect(english.map(([key]) => key).sort()).toEqual(chinese.map(([key]) => key).sort());
    for (const [key, text] of [...chinese, ...english]) expect(text.trim(), key).not.toBe('');
    for (const [key, text] of english) expect(text, key).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('label every field of the event form the contract defines', async () => {
    const contract = await import('../../../schemas/api/console.json');
    const fields = Object.keys(contract.components.schemas.ConsoleEventFields.properties);
    const keys = new Set(flat(zhCN).map(([key]) => key));
    expect(fields.filter((field) => !keys.has(`form.field_${field}`))).toEqual([]);
  });
});
