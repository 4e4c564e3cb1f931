/**
 * The console's design tokens: the base theme's (themes/base.json), as CSS variables on :root. The console is one
 * desktop look, not themed per event; its sizes and colours still come from the theme files, never from here.
 */
import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import base from '../../../themes/base.json';

const px = (values: Record<string, number>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, `${value}px`]));

const { color, space, radius, fontSize } = base.tokens;

export const vars = createGlobalTheme(':root', {
  color: {
    // The base theme's primary red under white text is 3.6:1, below WCAG AA for the console's text size: its buttons
    // take the theme's darker red (5.6:1).
    primary: color.danger,
    primaryText: color.primaryText,
    background: color.background,
    surface: color.surface,
    surfaceAlt: color.surfaceAlt,
    text: color.text,
    textMuted: color.textMuted,
    border: color.border,
    danger: color.danger,
    success: color.success,
    focus: color.focus,
  },
  space: px(space) as Record<keyof typeof space, string>,
  radius: px(radius) as Record<keyof typeof radius, string>,
  fontSize: px(fontSize) as Record<keyof typeof fontSize, string>,
});

globalStyle('body', {
  margin: 0,
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: 'system-ui, -apple-system, "PingFang SC", "Noto Sans CJK SC", sans-serif',
  fontSize: vars.fontSize.md,
});

globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' });
