/**
 * The plain system pages' shell (choose-location, open-location, my-webview): a header with a back button and a
 * title, then the cards the pages put in it. The preview-image page is full-screen and has its own.
 */
import { style } from '@vanilla-extract/css';
import { vars } from '../../themes';

export const page = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.background,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  paddingTop: `max(${vars.space.sm}, env(safe-area-inset-top))`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const content = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
});

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 600 });

export const text = style({ margin: 0, lineHeight: 1.5, overflowWrap: 'anywhere' });

export const muted = style([text, { color: vars.color.textMuted, fontSize: vars.fontSize.sm }]);

export const coordinates = style([text, { fontVariantNumeric: 'tabular-nums' }]);

export const notice = style([
  text,
  {
    padding: vars.space.sm,
    borderRadius: vars.radius.sm,
    background: vars.color.background,
    color: vars.color.textMuted,
    fontSize: vars.fontSize.sm,
  },
]);

export const error = style([text, { color: vars.color.danger, fontSize: vars.fontSize.sm }]);

/** Back to the previous page: a text button in the header, the page's title beside it. */
export const backButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
