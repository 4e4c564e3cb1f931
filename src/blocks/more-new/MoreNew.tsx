import '../../features/video/messages';
import { useState } from 'react';
import { loadMoreNew } from '../../features/video/content-api';
import { saveButton } from '../video-card-actions';
import { VideoCards, type VideoCard } from '../../features/video/VideoCards';
import { useLiveRoomData } from '../../features/video/use-live-room-data';
import { useVideo } from '../../features/video/store';
import { useTranslation } from '../../lib/i18n';
import type { BlockProps } from '../types';
import { card, heading } from '../../ui/card/card.css';
import * as styles from './MoreNew.css';

/** More videos from the event's channels, newest first (GET /v2/api/video/more/new), a page at a time. */
export function MoreNew({ props }: BlockProps<'more-new'>) {
  const { t } = useTranslation();
  const pageSize = props.pageSize;
  const token = useVideo((state) => state.info?.token ?? '');
  const { data } = useLiveRoomData(`more-new:${pageSize}`, (token) => loadMoreNew(token, 1, pageSize));
  // Pages loaded with "load more", kept for the first page they follow: a reload (pull-down refresh) starts over.
  const [later, setLater] = useState<{ after: unknown; pages: VideoCard[]; page: number; busy: boolean }>({
    after: null,
    pages: [],
    page: 1,
    busy: false,
  });
  if (!data?.list.length) return null;

  const current = later.after === data ? later : { after: data, pages: [], page: 1, busy: false };
  const videos = [...data.list, ...current.pages];
  const hasMore = videos.length < data.total;
  const loadNext = () => {
    setLater({ ...current, busy: true });
    loadMoreNew(token, current.page + 1, pageSize).then(
      (next) =>
        setLater((state) =>
          state.after === data
            ? { after: data, pages: [...state.pages, ...next.list], page: next.page, busy: false }
            : state,
        ),
      () => setLater((state) => ({ ...state, busy: false })),
    );
  };

  return (
    <section className={card} aria-label={t('liveRoom.moreNew')}>
      <h2 className={heading}>{t('liveRoom.moreNew')}</h2>
      <VideoCards videos={videos} action={saveButton} />
      <button type="button" className={styles.more} onClick={loadNext} disabled={!hasMore || current.busy}>
        {hasMore ? t('liveRoom.loadMore') : t('liveRoom.noMore')}
      </button>
    </section>
  );
}
