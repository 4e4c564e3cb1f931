import { defineBlock } from '../types';
import { RelatedVideos } from './RelatedVideos';

export default defineBlock({ type: 'related-videos', group: 'live-room', component: RelatedVideos });
