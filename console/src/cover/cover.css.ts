/** The cover field: its address, the upload button and the uploaded image, small. */
import { style } from '@vanilla-extract/css';
import { vars } from '../app/theme.css.ts';

export const image = style({
  display: 'block',
  maxWidth: '320px',
  maxHeight: '180px',
  marginTop: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
});
