import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { secondaryButton } from '../../ui/button/button.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const label = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const input = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' } },
});

export const textarea = style([input, { minHeight: '5em', padding: vars.space.md, resize: 'vertical' }]);

export const check = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const checkbox = style({ width: vars.space.lg, height: vars.space.lg, margin: 0, flexShrink: 0 });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

export const price = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.fontSize.xxl,
  fontWeight: 700,
  color: vars.color.primary,
});

export const hint = style({ margin: 0, textAlign: 'center', color: vars.color.textMuted });

export { primaryButton as submit } from '../../ui/button/button.css';

export const codeRow = style({ display: 'flex', gap: vars.space.sm });

export const codeInput = style([input, { flex: 1, minWidth: 0 }]);

export const codeButton = style([secondaryButton, { flexShrink: 0, whiteSpace: 'nowrap' }]);
