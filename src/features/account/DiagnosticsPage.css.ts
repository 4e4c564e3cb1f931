import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const definitions = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  wordBreak: 'break-word',
});

export const term = style({ color: vars.color.textMuted });

/** A reading as it came (the scan page shows a scanned text the same way). */
export const value = style({ margin: 0, color: vars.color.text });
