import { style } from '@vanilla-extract/css';
import { card as blockCard } from '../../ui/card/card.css';
import { vars } from '../../themes/contract.css';

export const section = blockCard;

export const heading = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const form = style({ display: 'flex', flexDirection: 'column' });

export const codeRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'stretch' });

export const grow = style({ flex: 1, minWidth: 0 });

export const formError = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.danger,
  fontWeight: 600,
  fontSize: vars.fontSize.md,
});

export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  marginBottom: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  flex: 1,
  minHeight: vars.size.touchTarget,
  border: 'none',
  borderBottom: '3px solid transparent',
  background: 'none',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.text, borderBottomColor: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
});

export const divider = style({
  margin: `${vars.space.lg} 0 ${vars.space.sm}`,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const profile = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });

export const avatar = style({
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  borderRadius: vars.radius.pill,
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
  flexShrink: 0,
});

export const name = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700, color: vars.color.text });

export const list = style({ margin: 0, padding: 0, listStyle: 'none' });

export const entry = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  width: '100%',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.xs}`,
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  background: 'none',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 } },
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const badge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.accent,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const thumbs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const thumb = style({
  width: `calc(${vars.size.touchTarget} * 1.5)`,
  height: `calc(${vars.size.touchTarget} * 1.5)`,
  borderRadius: vars.radius.sm,
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
});

export const card = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'center',
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const cover = style({
  width: `calc(${vars.size.touchTarget} * 2.2)`,
  aspectRatio: '16 / 9',
  borderRadius: vars.radius.sm,
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
  flexShrink: 0,
});

export const cardTitle = style({
  flex: 1,
  minWidth: 0,
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const plan = style({
  padding: vars.space.md,
  marginBottom: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const price = style({ color: vars.color.accent, fontWeight: 700, fontSize: vars.fontSize.xl });

export const definitions = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  wordBreak: 'break-word',
});

export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, color: vars.color.text });

/** The mini-program code: square, centred, on a light ground so it scans in every theme. */
export const qrCode = style({
  display: 'block',
  width: `calc(${vars.size.touchTarget} * 5)`,
  aspectRatio: '1 / 1',
  margin: `${vars.space.md} auto`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});
