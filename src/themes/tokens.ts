/**
 * The one tokens type. The vanilla-extract contract is derived from it, so a theme that misses a token is a type
 * error, and theme files (themes/*.json) are overrides of themes/base.json. Sizes are unitless design numbers (px at
 * 1x) converted to CSS in toCssTokens, the one place that knows about units.
 */
export const colorTokens = [
  'primary',
  'primaryText',
  'confirm',
  'confirmText',
  'background',
  'surface',
  'surfaceAlt',
  'text',
  'textMuted',
  'border',
  'danger',
  'success',
  'overlay',
  'overlayText',
  'overlayControl',
  'accent',
  'headerBackground',
  'headerText',
  'liveBadge',
  'liveBadgeText',
  'focus',
] as const;
export const radiusTokens = ['sm', 'md', 'lg', 'pill'] as const;
export const spaceTokens = ['xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
export const fontSizeTokens = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
export const sizeTokens = ['touchTarget', 'headerHeight', 'contentMaxWidth'] as const;
export const shadowTokens = ['card', 'popup'] as const;

export type ColorToken = (typeof colorTokens)[number];
export type ThemeTokens = {
  color: Record<ColorToken, string>;
  radius: Record<(typeof radiusTokens)[number], number>;
  space: Record<(typeof spaceTokens)[number], number>;
  fontSize: Record<(typeof fontSizeTokens)[number], number>;
  size: Record<(typeof sizeTokens)[number], number>;
  shadow: Record<(typeof shadowTokens)[number], string>;
};

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export type ThemeFile = {
  name: string;
  label: { 'zh-CN': string; en: string };
  tokens: DeepPartial<ThemeTokens>;
  channel?: DeepPartial<ThemeTokens>;
};

export const themeVariants = ['default', 'channel'] as const;
export type ThemeVariantName = (typeof themeVariants)[number];

export function mergeTokens(
  base: ThemeTokens,
  ...overrides: (DeepPartial<ThemeTokens> | undefined)[]
): ThemeTokens {
  const result = structuredClone(base);
  for (const override of overrides) {
    if (!override) continue;
    for (const group of Object.keys(override) as (keyof ThemeTokens)[]) {
      Object.assign(result[group], override[group]);
    }
  }
  return result;
}

const px = (value: number) => `${value}px`;
const mapValues = <T extends Record<string, number>>(record: T) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, px(value)])) as Record<
    keyof T,
    string
  >;

/** Unitless design numbers -> CSS values. */
export function toCssTokens(tokens: ThemeTokens) {
  return {
    color: tokens.color,
    radius: mapValues(tokens.radius),
    space: mapValues(tokens.space),
    fontSize: mapValues(tokens.fontSize),
    size: mapValues(tokens.size),
    shadow: tokens.shadow,
  };
}

export type CssTokens = ReturnType<typeof toCssTokens>;
