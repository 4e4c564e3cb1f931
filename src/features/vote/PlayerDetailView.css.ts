import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const detailPhotos = style({
  display: 'flex',
  gap: vars.space.sm,
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const detailPhotoItem = style({
  flex: '0 0 80%',
  padding: 0,
  border: 'none',
  background: 'transparent',
  scrollSnapAlign: 'start',
  cursor: 'zoom-in',
});

/** The photo is the button that opens the preview: no button look of its own. */
export const detailPhotoButton = style({
  display: 'block',
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
});

export const detailPhoto = style({
  display: 'block',
  width: '100%',
  aspectRatio: '4 / 5',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
