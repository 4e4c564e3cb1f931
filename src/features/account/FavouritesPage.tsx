import './texts';
import { useState } from 'react';
import { appConfig } from '../../engine/config';
import { pathTo } from '../../engine/routes';
import { useTranslation } from '../../lib/i18n';
import { useAppNavigate } from '../../lib/navigation';
import { button } from '../../ui/button/button.css';
import { toast } from '../../ui/toast/toast';
import { usePagedList } from '../../lib/paged';
import { WindowedList } from '../../ui/windowed-list/WindowedList';
import { card, note } from '../../ui/card/card.css';
import { fetchFavourites, removeFavourite, type Favourite, type FavouriteKind } from './favourites';
import { liveRoomPage } from '../video/routes';
import { heading } from './page.css';
import { tab, tabs } from './LoginPanel.css';
import { entry } from './UserCentre.css';
import * as styles from './FavouritesPage.css';

const KINDS: FavouriteKind[] = ['video', 'player'];

/** Saved videos and contest players, paged and windowed like the player list; remove from the list. */
export function FavouritesPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const [kind, setKind] = useState<FavouriteKind>('video');
  const [round, setRound] = useState(0);
  const list = usePagedList(`${kind}:${round}`, (page) => fetchFavourites(kind, page));

  const open = (item: Favourite) => {
    if (item.kind === 'video') return navigate(liveRoomPage(), { token: item.target });
    const [voteId, playerId] = item.target.split(':');
    navigate(pathTo(appConfig, { block: 'vote-player' }), { vote_id: voteId, player_id: playerId });
  };
  const remove = async (item: Favourite) => {
    try {
      await removeFavourite(item.kind, item.target);
      toast(t('account.favourites.removed'));
      setRound((value) => value + 1);
    } catch {
      // shown by the API helper
    }
  };

  return (
    <section className={card} aria-labelledby="favourites-heading">
      <h2 id="favourites-heading" className={heading}>
        {t('account.favourites.title')}
      </h2>
      <div role="tablist" aria-label={t('account.favourites.title')} className={tabs}>
        {KINDS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={kind === name}
            className={tab}
            onClick={() => setKind(name)}
          >
            {name === 'video' ? t('account.favourites.videos') : t('account.favourites.players')}
          </button>
        ))}
      </div>
      <p className={note}>{t('account.favourites.count', { count: list.total })}</p>
      <WindowedList
        list={list}
        label={t('account.favourites.title')}
        estimateRowPx={80}
        itemKey={(item) => `${item.kind}:${item.target}`}
        emptyText={t('account.favourites.empty')}
        renderItem={(item) => (
          <div className={styles.item}>
            {item.cover ? <img className={styles.cover} src={item.cover} alt="" loading="lazy" /> : null}
            <button type="button" className={`${entry} ${styles.itemTitle}`} onClick={() => open(item)}>
              {item.title}
            </button>
            <button
              type="button"
              className={button({ tone: 'secondary', size: 'sm' })}
              aria-label={`${t('account.favourites.remove')} ${item.title}`}
              onClick={() => void remove(item)}
            >
              {t('account.favourites.remove')}
            </button>
          </div>
        )}
      />
    </section>
  );
}
