import '../../features/video/messages';
import { loadRelated } from '../../features/video/content-api';
import { saveButton } from '../video-card-actions';
import { VideoCards } from '../../features/video/VideoCards';
import { useLiveRoomData } from '../../features/video/use-live-room-data';
import { useTranslation } from '../../lib/i18n';
import { card, heading } from '../../ui/card/card.css';

/** Videos the organiser linked to this event (GET /v3/api/video/related); hidden when there are none. */
export function RelatedVideos() {
  const { t } = useTranslation();
  const { data } = useLiveRoomData('related-videos', loadRelated);
  if (!data?.list.length) return null;
  return (
    <section className={card} aria-label={t('liveRoom.related')}>
      <h2 className={heading}>{t('liveRoom.related')}</h2>
      <VideoCards videos={data.list} action={saveButton} />
    </section>
  );
}
