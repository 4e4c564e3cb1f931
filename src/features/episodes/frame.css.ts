import { style } from '@vanilla-extract/css';

/** The home video's frame when the event has episodes: the resume hint is placed over the player. */
export const playerFrame = style({ position: 'relative' });
