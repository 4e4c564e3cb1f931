import { defineBlock } from '../types';
import { Announcement } from './Announcement';

export default defineBlock({ type: 'announcement', group: 'first-load', component: Announcement });
