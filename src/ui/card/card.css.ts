import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** The card every content block sits in, so blocks line up whatever order config gives them. */
export const card = style({
  margin: `${vars.space.sm} ${vars.space.md}`,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.card,
});

export const heading = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
});

/** A card's own title (a contest, a player), larger than a section heading. */
export const title = style({
  margin: `${vars.space.md} 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
});

/** Long text as its author wrote it (rules, a description): line breaks kept, long words broken. */
export const body = style({
  margin: 0,
  whiteSpace: 'pre-line',
  wordBreak: 'break-word',
  color: vars.color.text,
});

/** A line of secondary information. */
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The smallest secondary text: a number beside a name. */
export const caption = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

/** An image or video across the card. */
export const media = style({
  display: 'block',
  width: '100%',
  borderRadius: vars.radius.md,
  background: vars.color.overlay,
});

/** The buttons at the foot of a card. */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.md,
});

/** A list without bullets whose items stand one under the other, a small gap apart (rows of prizes, orders, activities). */
export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
