import { defineBlock } from '../types';
import { Invite } from './Invite';

export default defineBlock({ type: 'invite', group: 'live-room', component: Invite });
