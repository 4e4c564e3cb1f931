import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useSearchParams } from 'react-router-dom';
import { useAppNavigate } from '../../lib/navigation';
import { channelPage } from '../../features/channel/routes';
import { liveRoomPage } from '../../features/video/routes';
import { launchStore } from '../../lib/launch';
import { changeLocale } from '../../lib/i18n';
import { button } from '../../ui/button/button.css';
import * as styles from '../../ui/page/page.css';

/**
 * The entry page (`/`, alias /pages/index/index): a link carrying an event token goes straight to the live room, a
 * channel token to the channel; otherwise it greets the viewer.
 */
export default function EntryPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const videoToken = launchStore.get().videoToken;
  const channelToken = params.get('channelToken');

  useEffect(() => {
    if (videoToken) navigate(liveRoomPage());
    else if (channelToken) navigate(channelPage(), { channelToken });
  }, [videoToken, channelToken, navigate]);

  return (
    <main className={styles.page}>
      <section className={styles.hero}>
        <h1 className={styles.title}>{t('app.name')}</h1>
        <p className={styles.hint}>{t('video.noEventHint')}</p>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          onClick={() => void changeLocale(i18n.language === 'en' ? 'zh-CN' : 'en')}
        >
          {t('app.switchLanguage')}
        </button>
      </section>
    </main>
  );
}
