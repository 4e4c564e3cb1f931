/**
 * The theme contrast report: each theme x variant's text/background token pairs with their WCAG contrast ratios, so a
 * designer adding a theme sees a pair under AA before the accessibility suite does.
 */
import { contrastRatio } from '../src/themes/contrast';
import type { ColorToken, ThemeTokens } from '../src/themes/tokens';

/** AA for normal text; large or bold text (buttons, headings) needs 3:1. */
export const AA_NORMAL = 4.5;
export const AA_LARGE = 3;

type Pair = { text: ColorToken; background: ColorToken; large?: boolean };

/** Pairs the app actually draws (text on page, on cards, on brand buttons, badges and the header). */
export const tokenPairs: readonly Pair[] = [
  { text: 'text', background: 'background' },
  { text: 'textMuted', background: 'background' },
  { text: 'text', background: 'surface' },
  { text: 'textMuted', background: 'surface' },
  { text: 'text', background: 'surfaceAlt' },
  { text: 'primaryText', background: 'primary', large: true },
  { text: 'confirmText', background: 'confirm', large: true },
  { text: 'headerText', background: 'headerBackground' },
  { text: 'liveBadgeText', background: 'liveBadge' },
  { text: 'danger', background: 'surface' },
  { text: 'primary', background: 'surface' },
];

export type ContrastRow = {
  theme: string;
  text: ColorToken;
  background: ColorToken;
  ratio: number;
  required: number;
  passes: boolean;
};

const isHex = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

export function contrastReport(themes: Record<string, ThemeTokens>): ContrastRow[] {
  return Object.entries(themes).flatMap(([theme, tokens]) =>
    tokenPairs
      .filter((pair) => isHex(tokens.color[pair.text]) && isHex(tokens.color[pair.background]))
      .map((pair) => {
        const ratio = contrastRatio(tokens.color[pair.text], tokens.color[pair.background]);
        const required = pair.large ? AA_LARGE : AA_NORMAL;
        return {
          theme,
          text: pair.text,
          background: pair.background,
          ratio,
          required,
          passes: ratio >= required,
        };
      }),
  );
}
