import { createThemeContract } from '@vanilla-extract/css';
import {
  colorTokens,
  fontSizeTokens,
  radiusTokens,
  shadowTokens,
  sizeTokens,
  spaceTokens,
  type CssTokens,
} from './tokens';

const blank = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, null])) as Record<K, null>;

/** The theme contract, derived from the tokens lists: every theme must fill every slot. */
export const vars = createThemeContract({
  color: blank(colorTokens),
  radius: blank(radiusTokens),
  space: blank(spaceTokens),
  fontSize: blank(fontSizeTokens),
  size: blank(sizeTokens),
  shadow: blank(shadowTokens),
} satisfies Record<keyof CssTokens, Record<string, null>>);
