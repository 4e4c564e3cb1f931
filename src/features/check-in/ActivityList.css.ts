import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** The group filter: one pressed button at a time. */
export const tabs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});

export const tab = style({
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.primary,
      color: vars.color.primaryText,
      borderColor: vars.color.primary,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

/** Why the location is asked for, in the pop-up above its two buttons. */
export const message = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.text, lineHeight: 1.6 });

export const row = style({ display: 'flex', gap: vars.space.sm });
