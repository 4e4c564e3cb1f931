import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { body } from '../../ui/card/card.css';

export const gallery = style({
  display: 'flex',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  listStyle: 'none',
  overflowX: 'auto',
});

export const galleryItem = style({ flex: '0 0 80%' });

export const detailTitle = style({
  margin: `0 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
});

/** The description as the organiser wrote it, spaced from the price above and the button below. */
export const description = style([body, { margin: `${vars.space.sm} 0` }]);
