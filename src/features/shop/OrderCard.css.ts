import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const orderHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

// Small text: the body colour (the accent colour is under 4.5:1 on light surfaces at this size).
export const orderState = style({ color: vars.color.text, fontWeight: 700 });

/** The product's picture beside its title and price; the checkout shows the product the same way. */
export const orderBody = style({ display: 'flex', gap: vars.space.md, margin: `${vars.space.sm} 0` });

export const orderThumb = style({
  flex: `0 0 ${vars.size.headerHeight}`,
  width: vars.size.headerHeight,
  height: vars.size.headerHeight,
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
});
