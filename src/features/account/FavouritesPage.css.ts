import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** A favourite on one line: its cover, its title, its remove button; the user centre's devices take the same line. */
export const item = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'center',
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const itemTitle = style({
  flex: 1,
  minWidth: 0,
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** A video's cover (the scan page's camera picture takes the same frame). */
export const cover = style({
  width: `calc(${vars.size.touchTarget} * 2.2)`,
  aspectRatio: '16 / 9',
  borderRadius: vars.radius.sm,
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
  flexShrink: 0,
});
