import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../themes/contract.css';

/**
 * The app's one button: large bold text (3:1 contrast on the theme colour is then enough) and a full touch target.
 * Links that act as buttons (`<a>`, router links) take it too, hence the flex centring and no underline.
 */
export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: vars.size.touchTarget,
    padding: `0 ${vars.space.xl}`,
    borderRadius: vars.radius.pill,
    fontSize: vars.fontSize.lg,
    fontWeight: 700,
    textDecoration: 'none',
    cursor: 'pointer',
    selectors: {
      '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    },
  },
  variants: {
    tone: {
      primary: { border: 'none', background: vars.color.primary, color: vars.color.primaryText },
      confirm: { border: 'none', background: vars.color.confirm, color: vars.color.confirmText },
      secondary: {
        border: `1px solid ${vars.color.border}`,
        background: vars.color.surface,
        color: vars.color.text,
      },
    },
    size: {
      md: {},
      /** Body-size text at the full touch height: buttons in toolbars, cards and rows of choices. */
      compact: { padding: `0 ${vars.space.lg}`, fontSize: vars.fontSize.md },
      sm: { minHeight: 36, padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.md },
    },
    block: { true: { width: '100%' } },
  },
  defaultVariants: { tone: 'primary', size: 'md' },
});
