import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const posterImage = style({ display: 'block', width: '100%', borderRadius: vars.radius.md });

export const failure = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
