import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card, heading as blockHeading } from '../../ui/card/card.css';

export const root = card;
export const heading = blockHeading;

/** Organiser HTML: only the sanitizer's allow-listed elements can appear, each styled from theme vars here. */
export const content = style({ color: vars.color.text, fontSize: vars.fontSize.md, wordBreak: 'break-word' });

globalStyle(`${content} :is(h2, h3, h4)`, {
  margin: `${vars.space.md} 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
});
globalStyle(`${content} :is(p, ul, ol, blockquote, figure)`, { margin: `0 0 ${vars.space.sm}` });
globalStyle(`${content} :is(ul, ol)`, { paddingLeft: vars.space.xl });
globalStyle(`${content} img`, {
  maxWidth: '100%',
  height: 'auto',
  borderRadius: vars.radius.sm,
  display: 'block',
});
globalStyle(`${content} a`, { color: vars.color.accent });
globalStyle(`${content} blockquote`, {
  paddingLeft: vars.space.md,
  borderLeft: `3px solid ${vars.color.border}`,
  color: vars.color.textMuted,
});
