import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../themes/contract.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});

export const label = style({ fontSize: vars.fontSize.md, fontWeight: 600, color: vars.color.text });

export const requiredMark = style({ color: vars.color.danger, marginInlineStart: vars.space.xxs });

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const error = style({ fontSize: vars.fontSize.sm, color: vars.color.danger, fontWeight: 600 });

/** Text inputs, selects and text areas: one look in every form. */
export const input = recipe({
  base: {
    width: '100%',
    minHeight: vars.size.touchTarget,
    padding: `0 ${vars.space.md}`,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.surface,
    color: vars.color.text,
    fontSize: vars.fontSize.md,
    selectors: {
      '&[aria-invalid="true"]': { borderColor: vars.color.danger },
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
    },
  },
  variants: {
    multiline: { true: { padding: vars.space.md, minHeight: 96, resize: 'vertical' } },
  },
});
export type InputVariants = RecipeVariants<typeof input>;

/** The app's buttons: large bold text (3:1 contrast on the theme colour is then enough) and a full touch target. */
export const button = recipe({
  base: {
    minHeight: vars.size.touchTarget,
    padding: `0 ${vars.space.xl}`,
    borderRadius: vars.radius.pill,
    fontSize: vars.fontSize.lg,
    fontWeight: 700,
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
    size: { md: {}, sm: { minHeight: 36, padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.md } },
    block: { true: { width: '100%' } },
  },
  defaultVariants: { tone: 'primary', size: 'md' },
});
export type ButtonVariants = RecipeVariants<typeof button>;
