import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card, heading } from '../block.css';

export const root = style([card, { textAlign: 'center', padding: vars.space.xxl }]);

export const title = heading;

export const hint = style({ margin: 0, color: vars.color.textMuted });
