import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../themes/contract.css';

/** A form's fields one under another; each Field keeps its own space below. */
export const form = style({ display: 'flex', flexDirection: 'column' });

export const field = recipe({
  base: { display: 'flex', flexDirection: 'column', gap: vars.space.xs, marginBottom: vars.space.md },
  variants: {
    /** A field inside a row (a search box beside its button): it takes the room left and no space below. */
    flush: { true: { flex: 1, minWidth: 0, marginBottom: 0 } },
  },
});

export const label = recipe({
  base: { fontSize: vars.fontSize.md, fontWeight: 600, color: vars.color.text },
  variants: {
    /** Beside a checkbox: a sentence rather than a title. */
    inline: { true: { fontWeight: 400, lineHeight: 1.5 } },
  },
});

/** A fieldset drawn as a Field: no frame, the legend placed like a label. */
export const group = style({ border: 'none', marginTop: 0, marginInline: 0, padding: 0, minWidth: 0 });

export const legend = style({ padding: 0, marginBottom: vars.space.xs });

/** A checkbox or radio and its label on one line, the box first. */
export const inlineRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  paddingBlock: vars.space.sm,
  boxSizing: 'border-box',
});

/** A `<label>` around a checkbox or radio and its text: one choice of a FieldGroup. */
export const choice = style([
  inlineRow,
  { fontSize: vars.fontSize.md, lineHeight: 1.5, color: vars.color.text, cursor: 'pointer' },
]);

/** Checkboxes and radios: a box the size of the text's line, in the theme's colour. */
export const check = style({
  flexShrink: 0,
  width: vars.space.lg,
  height: vars.space.lg,
  margin: `${vars.space.xxs} 0 0`,
  accentColor: vars.color.primary,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

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
