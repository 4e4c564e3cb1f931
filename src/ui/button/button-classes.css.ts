/**
 * The button recipe's everyday buttons as plain class names, for the app shell on the first load (the not-found page,
 * the error screen): calling the recipe there would bring its runtime and every variant's class names into the
 * first-load budget. Everything else calls `button()` from ./button.css.
 */
import { button } from './button.css';

export const primary = button();
export const secondary = button({ tone: 'secondary' });
