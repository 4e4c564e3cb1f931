import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const playerCard = style({
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  color: vars.color.text,
});

export const playerLink = style({
  display: 'block',
  color: 'inherit',
  textAlign: 'left',
  textDecoration: 'none',
});

export const playerPhoto = style({
  display: 'block',
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
});

export const playerBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.sm,
});

export const playerName = style({
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const playerVotes = style({ fontSize: vars.fontSize.sm, color: vars.color.accent, fontWeight: 700 });

export const playerActions = style({ padding: `0 ${vars.space.sm} ${vars.space.sm}` });
