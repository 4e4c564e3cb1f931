import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const page = style({ minHeight: '100vh', background: vars.color.background, color: vars.color.text });

export const title = style({
  margin: 0,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.sm}`,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
});

export { state as hero } from '../error-state/State.css';

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.md });
