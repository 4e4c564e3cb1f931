import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.xl, color: vars.color.text });
export const status = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  color: vars.color.primary,
});

/** Clips the turning wheel's square box: turned, its corners would widen the page (the wheel itself is round). */
export const stage = style({
  padding: vars.space.sm,
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'center',
});
/** The lottery's rules, as the organiser wrote them. */
export const rules = style({
  whiteSpace: 'pre-line',
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: 1.6,
});

export const result = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
});
export const resultImage = style({
  width: `calc(${vars.size.touchTarget} * 2.5)`,
  aspectRatio: '1',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
});
export const resultText = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.text });
