import { defineBlock } from '../types';
import { Intro } from './Intro';

export default defineBlock({ type: 'intro', group: 'first-load', component: Intro });
