import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { vars } from '../../themes/contract.css';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import { Spinner } from '../../ui/spinner/Spinner';
import { fetchPoster } from './api';
import { drawPoster, resolveCssColor } from './poster';
import { content } from '../../ui/bottom-popup/BottomPopup.css';
import { note } from '../../ui/card/card.css';
import * as styles from './PosterPopup.css';

/** Mounted while open. The player's poster as an image to long-press (save or forward), with the QR code to vote for them. */
export function PosterPopup({
  onClose,
  voteId,
  playerId,
}: {
  onClose(): void;
  voteId: number;
  playerId: number;
}) {
  const { t, i18n } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    (async () => {
      const poster = await fetchPoster(voteId, playerId);
      const color = (value: string) => resolveCssColor(value);
      return drawPoster(
        {
          contestTitle: poster.title,
          playerName: poster.player.name,
          lines:
            poster.lines.length > 0
              ? poster.lines
              : [
                  t('vote.number', { number: poster.player.number }),
                  t('vote.votesN', { count: poster.player.votes }),
                  t('vote.posterCall'),
                ],
          photoUrl: poster.player.photo,
          qrUrl: poster.qrcode_url,
        },
        {
          background: color(vars.color.primary),
          onBackground: color(vars.color.primaryText),
          surface: color(vars.color.surface),
          text: color(vars.color.text),
          muted: color(vars.color.textMuted),
          accent: color(vars.color.accent),
        },
      );
    })()
      .then((url) => live && setImage(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [voteId, playerId, t, i18n.language]);

  return (
    <BottomPopup open onClose={onClose} title={t('vote.poster')}>
      <div className={content}>
        {image ? (
          <>
            <img
              className={styles.posterImage}
              src={image}
              alt={t('vote.posterAlt')}
              data-testid="vote-poster"
            />
            <p className={note}>{t('vote.posterHint')}</p>
          </>
        ) : failed ? (
          <p className={styles.failure}>{t('vote.posterFailed')}</p>
        ) : (
          <Spinner label={t('ui.loading')} />
        )}
      </div>
    </BottomPopup>
  );
}
