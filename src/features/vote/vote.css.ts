import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card } from '../../ui/card/card.css';

export { primaryButton, secondaryButton } from '../../ui/button/button.css';

export const section = card;

export const heading = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const cover = style({
  display: 'block',
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});

export const contestTitle = style({
  margin: `${vars.space.md} 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
});

export const rules = style({
  margin: 0,
  whiteSpace: 'pre-line',
  wordBreak: 'break-word',
  color: vars.color.text,
});

export const countdown = style({
  margin: `${vars.space.sm} 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});

export const countdownDigits = style({
  color: vars.color.accent,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});

export const totals = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.sm,
  margin: `${vars.space.md} 0 0`,
  padding: 0,
  listStyle: 'none',
  textAlign: 'center',
});

export const totalValue = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  color: vars.color.accent,
});

export const totalLabel = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: `${vars.space.sm} ${vars.space.md}`,
});

export const searchForm = style({ display: 'flex', gap: vars.space.sm, flex: '1 1 100%' });

export const input = style({
  flex: 1,
  minWidth: 0,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
});

export const select = style([input, { flex: '1 1 40%', borderRadius: vars.radius.md }]);

export const smallButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  textDecoration: 'none',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.6, cursor: 'default' } },
});

export const ghostButton = style([
  smallButton,
  { border: `1px solid ${vars.color.border}`, background: vars.color.surface, color: vars.color.text },
]);

export const gridRow = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.sm,
  padding: `0 ${vars.space.md} ${vars.space.sm}`,
  boxSizing: 'border-box',
});

export const playerCard = style({
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  color: vars.color.text,
});

export const playerLink = style({
  display: 'block',
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
});

export const playerPhoto = style({
  display: 'block',
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
});

export const playerBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.sm,
});

export const playerNumber = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const playerName = style({
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const playerVotes = style({ fontSize: vars.fontSize.sm, color: vars.color.accent, fontWeight: 700 });

export const playerActions = style({ padding: `0 ${vars.space.sm} ${vars.space.sm}` });

export const voteButton = style([smallButton, { width: '100%' }]);

export const rankRow = style({
  display: 'grid',
  gridTemplateColumns: `${vars.space.xxl} ${vars.size.touchTarget} 1fr auto`,
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
});

export const rankList = style({ margin: `${vars.space.sm} ${vars.space.md}`, padding: 0, listStyle: 'none' });

export const rankNumber = style({ fontWeight: 700, color: vars.color.accent, textAlign: 'center' });

export const rankPhoto = style({
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  borderRadius: vars.radius.pill,
  objectFit: 'cover',
  background: vars.color.surfaceAlt,
});

export const rankName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const rankVotes = style({ fontWeight: 700, color: vars.color.accent });

export const tabs = style({
  display: 'flex',
  gap: vars.space.sm,
  margin: `${vars.space.sm} ${vars.space.md}`,
});

export const detailPhotos = style({
  display: 'flex',
  gap: vars.space.sm,
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const detailPhotoButton = style({
  flex: '0 0 80%',
  padding: 0,
  border: 'none',
  background: 'transparent',
  scrollSnapAlign: 'start',
  cursor: 'zoom-in',
});

export const detailPhoto = style({
  display: 'block',
  width: '100%',
  aspectRatio: '4 / 5',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});

export const video = style({
  display: 'block',
  width: '100%',
  borderRadius: vars.radius.md,
  background: vars.color.overlay,
});

export const stats = style({ display: 'flex', gap: vars.space.lg, margin: `${vars.space.sm} 0` });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.md,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  border: 'none',
  margin: 0,
  padding: 0,
});

export const label = style({ fontSize: vars.fontSize.md, fontWeight: 700, color: vars.color.text });

export const required = style({ color: vars.color.danger });

export const textarea = style([
  input,
  { minHeight: '6em', padding: vars.space.md, borderRadius: vars.radius.md },
]);

export const checkRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  color: vars.color.text,
});

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

export const thumbs = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const thumb = style({ position: 'relative' });

export const thumbImage = style({
  display: 'block',
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
});

export const progress = style({ width: '100%', accentColor: vars.color.primary });

export const posterImage = style({ display: 'block', width: '100%', borderRadius: vars.radius.md });

export const stepper = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
});

/** The count between the - and + steppers: the form kit's input, narrower and centred. */
export const stepperValue = style({
  flex: 1,
  minWidth: 0,
  textAlign: 'center',
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
});

export const popupBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
});

export const statusBanner = style({
  margin: `${vars.space.sm} ${vars.space.md}`,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  textAlign: 'center',
});

export { visuallyHidden as srOnly } from '../../ui/visually-hidden.css';

export const teamRow = style([
  rankRow,
  { gridTemplateColumns: `${vars.space.xxl} 1fr auto`, minHeight: vars.size.touchTarget },
]);

export const scoreRow = style([
  rankRow,
  {
    width: '100%',
    border: 'none',
    borderBottom: `1px solid ${vars.color.border}`,
    textAlign: 'left',
    font: 'inherit',
    cursor: 'pointer',
  },
]);

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
});

export const sectionTitle = style({
  margin: `${vars.space.md} ${vars.space.md} 0`,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
});

/** The label around a hidden file input, drawn as the form kit's button; the input inside takes the focus. */
export const uploadButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  alignSelf: 'flex-start',
  position: 'relative',
  selectors: {
    '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
