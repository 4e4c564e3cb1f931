import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const content = style({
  fontSize: vars.fontSize.md,
  lineHeight: 1.7,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

globalStyle(`${content} img`, { maxWidth: '100%', height: 'auto', borderRadius: vars.radius.sm });
globalStyle(`${content} a`, { color: vars.color.accent });
globalStyle(`${content} h3`, { margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.lg });
globalStyle(`${content} p, ${content} ul`, { margin: `0 0 ${vars.space.sm}` });
