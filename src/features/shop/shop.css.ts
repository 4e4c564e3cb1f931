import { style } from '@vanilla-extract/css';
import { card } from '../../ui/card/card.css';
import { vars } from '../../themes/contract.css';

export const section = card;

export const heading = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const productLink = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  width: '100%',
  padding: 0,
  border: 'none',
  background: 'none',
  color: vars.color.text,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const thumb = style({
  display: 'block',
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});

export const productTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  color: vars.color.text,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const price = style({ color: vars.color.accent, fontWeight: 700, fontSize: vars.fontSize.lg });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});

export const badge = style({
  display: 'inline-block',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
});

export const gallery = style({
  display: 'flex',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  listStyle: 'none',
  overflowX: 'auto',
});

export const galleryItem = style({ flex: '0 0 80%' });

export const detailTitle = style({
  margin: `0 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
});

export const description = style({
  margin: `${vars.space.sm} 0`,
  whiteSpace: 'pre-line',
  wordBreak: 'break-word',
  color: vars.color.text,
});

export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  marginTop: vars.space.md,
});

export const stepper = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });

export const stepperValue = style({
  minWidth: vars.space.xl,
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.fontSize.lg,
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const listItem = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const choice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  cursor: 'pointer',
});

export const addressLine = style({
  display: 'block',
  margin: `${vars.space.xxs} 0 0`,
  color: vars.color.text,
  wordBreak: 'break-word',
});

export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  margin: `${vars.space.sm} ${vars.space.md} 0`,
  padding: 0,
  listStyle: 'none',
  overflowX: 'auto',
});

export const tab = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderBottom: `2px solid transparent`,
  background: 'none',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': {
      color: vars.color.text,
      borderBottomColor: vars.color.accent,
      fontWeight: 700,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});

export const orderHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

// Small text: the body colour (the accent colour is under 4.5:1 on light surfaces at this size).
export const orderState = style({ color: vars.color.text, fontWeight: 700 });

export const orderBody = style({ display: 'flex', gap: vars.space.md, margin: `${vars.space.sm} 0` });

export const orderThumb = style({
  flex: `0 0 ${vars.size.headerHeight}`,
  width: vars.size.headerHeight,
  height: vars.size.headerHeight,
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const factLabel = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0, color: vars.color.text, wordBreak: 'break-all' });

export const regionRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const factPair = style({ display: 'contents' });
