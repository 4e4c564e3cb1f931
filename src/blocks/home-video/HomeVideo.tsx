import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useVideo } from '../../features/video/store';
import { streamOf } from '../../features/video/stream';
import { LazyPlayer } from '../../features/player/lazy';
import { accessGate } from '../../features/video/access-gate';
import { useBroadcastNotice } from '../../features/video/broadcast';
import { playerFrame } from '../../features/episodes/frame.css';
import { liveRoom } from '../live-room-loader';
import type { BlockProps } from '../types';
import { EARLY_SRC } from '../../lib/early';
import * as styles from './HomeVideo.css';

// Only events with episodes load it (with the live-room blocks): it picks the episode, resumes it, saves progress.
const WatchProgress = lazy(() => liveRoom().then((m) => ({ default: m.WatchProgress })));
// Only a real broadcast's passing states (reconnecting, ended) show a notice: loaded when there is one.
const BroadcastNotice = lazy(() =>
  import('../../features/video/BroadcastNotice').then((m) => ({ default: m.BroadcastNotice })),
);
// Only gated events (password, information form, payment) need the gate.
const AccessGate = lazy(() =>
  import('../../features/access/AccessGate').then((m) => ({ default: m.AccessGate })),
);

/** The live room's player: the live stream while live, else the replay; nothing when the event has no stream. */
export function HomeVideo({ props }: BlockProps<'home-video'>) {
  const { t } = useTranslation();
  const info = useVideo((state) => state.info);
  const episode = useVideo((state) => state.episode);
  const frame = useRef<HTMLDivElement>(null);
  const broadcastNotice = useBroadcastNotice();
  const stream = info ? streamOf(info, props.preferReplay, episode) : null;
  // Before the event has arrived: the cover's box, which the start-up fills with the cover as soon as the event names it.
  if (!info)
    return (
      <div className={styles.placeholder} aria-hidden="true">
        <img className={styles.cover} {...{ [EARLY_SRC]: 'cover' }} alt="" width={390} height={219} hidden />
      </div>
    );
  // A password, the information form or a payment stands first: the gate explains and opens its pop-up.
  const gate = accessGate(info);
  if (gate) {
    return (
      <Suspense fallback={null}>
        <AccessGate info={info} gate={gate} />
      </Suspense>
    );
  }
  const notice = broadcastNotice ? (
    <Suspense fallback={null}>
      <BroadcastNotice />
    </Suspense>
  ) : null;
  const episodes = info.episode_count ? (
    <Suspense fallback={null}>
      <WatchProgress frame={frame} />
    </Suspense>
  ) : null;
  // The cover: shown while there is no stream yet, and while the player's code (requested at launch) arrives.
  const cover = info.cover ? (
    <img className={styles.cover} src={info.cover} alt="" width={390} height={219} />
  ) : null;
  if (!stream) {
    // No stream yet (not started), or the broadcast just ended and its replay is being made: show the cover.
    return notice ? (
      <div className={playerFrame}>
        {cover}
        {notice}
      </div>
    ) : (
      <>
        {cover}
        {episodes}
      </>
    );
  }
  const player = (
    <Suspense fallback={cover}>
      <LazyPlayer
        src={stream.url}
        live={stream.live}
        poster={info.cover || undefined}
        needs={stream.needs}
        label={t('video.playerLabel', { title: info.title })}
      />
    </Suspense>
  );
  return episodes || notice ? (
    <div ref={frame} className={playerFrame}>
      {player}
      {episodes}
      {notice}
    </div>
  ) : (
    player
  );
}
