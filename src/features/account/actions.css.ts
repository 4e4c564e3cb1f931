import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../themes/contract.css';

/** The save toggle: outlined while not saved, the theme's primary once saved; a round star alone on video cards. */
export const save = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.xs,
    minHeight: vars.size.touchTarget,
    minWidth: vars.size.touchTarget,
    padding: `0 ${vars.space.md}`,
    borderRadius: vars.radius.pill,
    border: `1px solid ${vars.color.border}`,
    background: vars.color.surface,
    color: vars.color.text,
    fontSize: vars.fontSize.md,
    fontWeight: 600,
    cursor: 'pointer',
    flexShrink: 0,
    selectors: {
      '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    },
  },
  variants: {
    saved: {
      true: {
        borderColor: vars.color.primary,
        background: vars.color.primary,
        color: vars.color.primaryText,
      },
      false: {},
    },
    compact: { true: { padding: 0, fontSize: vars.fontSize.lg }, false: {} },
  },
});

export const star = style({ fontSize: vars.fontSize.lg, lineHeight: 1 });

/** The link to the user centre beside the save toggle: the same outlined pill. */
export const account = style([save({ saved: false, compact: false }), { textDecoration: 'none' }]);
