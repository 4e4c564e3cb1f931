import { createTheme } from '@vanilla-extract/css';
import baseFile from '../../themes/base.json';
import { vars } from './contract.css';
import { mergeTokens, toCssTokens, type ThemeFile, type ThemeTokens } from './tokens';

/**
 * One class per theme x variant. Theme files are discovered with import.meta.glob, so adding an 8th theme is one JSON
 * file in themes/. All classes live in one small stylesheet (a few hundred custom properties), which is cheaper than a
 * request per theme.
 */
const files = import.meta.glob<ThemeFile>(['../../themes/*.json', '!../../themes/base.json'], {
  eager: true,
  import: 'default',
});

const base = baseFile.tokens as ThemeTokens;

export const themeClasses: Record<string, { default: string; channel: string }> = {};
export const themeConfirmColors: Record<string, string> = {};

for (const file of Object.values(files)) {
  const tokens = mergeTokens(base, file.tokens);
  themeClasses[file.name] = {
    default: createTheme(vars, toCssTokens(tokens), file.name),
    channel: createTheme(vars, toCssTokens(mergeTokens(tokens, file.channel)), `${file.name}-channel`),
  };
  themeConfirmColors[file.name] = tokens.color.confirm;
}
