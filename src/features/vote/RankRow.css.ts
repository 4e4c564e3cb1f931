/** The rank list's rows: players here, and the team, score and invitation lists that show the same row. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const rankList = style({ margin: `${vars.space.sm} ${vars.space.md}`, padding: 0, listStyle: 'none' });

export const rankRow = style({
  display: 'grid',
  gridTemplateColumns: `${vars.space.xxl} ${vars.size.touchTarget} 1fr auto`,
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
});

/** A row with one column less: a team (no photo), an invited viewer (no rank). */
export const shortRow = style([
  rankRow,
  { gridTemplateColumns: `${vars.space.xxl} 1fr auto`, minHeight: vars.size.touchTarget },
]);

export const rankNumber = style({ fontWeight: 700, color: vars.color.accent, textAlign: 'center' });

export const rankPhoto = style({
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  borderRadius: vars.radius.pill,
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
});

export const rankName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const rankVotes = style({ fontWeight: 700, color: vars.color.accent });
