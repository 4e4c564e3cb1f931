import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'stretch' });

/** The code's input takes the room its button leaves. */
export const grow = style({ flex: 1, minWidth: 0 });

/** The button keeps its text on one line ("Resend in 59 s"), whatever room the input leaves. */
export const fit = style({ flexShrink: 0, whiteSpace: 'nowrap' });
