import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { button } from '../../ui/button/button.css';
import { input } from '../../ui/field/Field.css';

/** The slide check between the phone and the code, spaced like a field. */
export const slide = style({ marginBottom: vars.space.md });

export const codeRow = style({ display: 'flex', gap: vars.space.sm });

export const codeInput = style([input(), { flex: 1, minWidth: 0 }]);

export const codeButton = style([
  button({ tone: 'secondary', size: 'compact' }),
  { flexShrink: 0, whiteSpace: 'nowrap' },
]);

/** The form's own line: a code was sent, or why the form cannot go on (the fields' errors show under them). */
export const message = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: { '&[role="alert"]': { color: vars.color.danger } },
});
