import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const profile = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });

export const avatar = style({
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  borderRadius: vars.radius.pill,
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
  flexShrink: 0,
});

/** The viewer's nickname; a VIP plan's name takes it too. */
export const name = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700, color: vars.color.text });

export const badge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.accent,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});

/** A line that opens a page: the user centre's links, a favourite's title in the favourites. */
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
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 } },
});

/** A wrapping row of small choices: the languages here, the complaint's reasons. */
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});
