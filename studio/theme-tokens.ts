/** Every theme x variant's merged tokens, read from themes/*.json the same way src/themes/themes.css.ts does. */
import baseFile from '../themes/base.json';
import { mergeTokens, type ThemeFile, type ThemeTokens } from '../src/themes/tokens';

const files = import.meta.glob<ThemeFile>(['../themes/*.json', '!../themes/base.json'], {
  eager: true,
  import: 'default',
});

export function themeTokens(): Record<string, ThemeTokens> {
  const base = baseFile.tokens as ThemeTokens;
  const result: Record<string, ThemeTokens> = {};
  for (const file of Object.values(files)) {
    const tokens = mergeTokens(base, file.tokens);
    result[`${file.name} default`] = tokens;
    result[`${file.name} channel`] = mergeTokens(tokens, file.channel);
  }
  return result;
}

export const studioThemeNames: string[] = Object.values(files)
  .map((file) => file.name)
  .sort();
