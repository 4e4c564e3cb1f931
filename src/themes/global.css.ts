import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  background: vars.color.background,
  color: vars.color.text,
});

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Noto Sans CJK SC', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
  background: vars.color.background,
  color: vars.color.text,
  WebkitTapHighlightColor: 'transparent',
  paddingBottom: 'env(safe-area-inset-bottom)',
});

// The app's root and the start-up's first screen (src/boot/start.ts), laid out alike.
globalStyle('#root, #lv-shell', { maxWidth: vars.size.contentMaxWidth, margin: '0 auto' });

// Hidden means hidden, whatever display a class gives (the first screens' images wait hidden for their picture).
globalStyle('[hidden]', { display: 'none !important' });

globalStyle('button, input, textarea, select', { font: 'inherit', color: 'inherit' });

globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 });

globalStyle('img, video', { maxWidth: '100%' });

// Screenshots and viewers who ask for less motion get no animations or transitions.
globalStyle(
  '[data-animations="off"] *, [data-animations="off"] *::before, [data-animations="off"] *::after',
  {
    animation: 'none !important',
    transition: 'none !important',
    caretColor: 'transparent',
  },
);

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
