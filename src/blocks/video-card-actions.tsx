import { lazy, Suspense } from 'react';
import type { VideoCard } from '../features/video/VideoCards';
import * as styles from './video-card-actions.css';

// A chunk of its own (shared with the header and the player page), so the live room's preload list stays as it was.
const SaveButton = lazy(() =>
  import('../features/account/SaveButton').then((m) => ({ default: m.SaveButton })),
);

/** The save toggle beside a video card (related videos, more videos): the star alone, named after the video. */
export const saveButton = (video: VideoCard) => (
  <Suspense fallback={<span className={styles.placeholder} />}>
    <SaveButton kind="video" target={video.token} title={video.title} compact />
  </Suspense>
);
