/**
 * What the account pages share: the page's heading, a plain list, the column of buttons at a form's foot, the form's
 * error line, and a code or link input with its button beside it.
 */
import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const heading = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
});

export const list = style({ margin: 0, padding: 0, listStyle: 'none' });

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
});

export const formError = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.danger,
  fontWeight: 600,
  fontSize: vars.fontSize.md,
});

export const codeRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'stretch' });

/** The input of a code row: the room its button leaves. */
export const grow = style({ flex: 1, minWidth: 0 });
