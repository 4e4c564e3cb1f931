import { defineBlock } from '../types';
import { Footer } from './Footer';

export default defineBlock({ type: 'footer', group: 'first-load', component: Footer });
