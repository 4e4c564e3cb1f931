import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { abbreviateCount } from '../../lib/format';
import { buildPath, useAppNavigate } from '../../lib/navigation';
import { button } from '../../ui/button/button.css';
import { actions as actionRow, body, card, heading, media, note, title } from '../../ui/card/card.css';
import { ErrorState } from '../../ui/error-state/ErrorState';
import * as stats from '../../ui/stat-list/stat-list.css';
import { Spinner } from '../../ui/spinner/Spinner';
import { loadPlayer, type Contest, type PlayerDetail } from './api';
import { useLiveVotes, useVotePolling } from './live-votes';
import { PaidVotePopup } from './PaidVotePopup';
import { PosterPopup } from './PosterPopup';
import { playerPage, previewImagePage } from './routes';
import { absoluteAppLink, sharePage } from './share';
import { useResumePaidVotes } from './useResumePaidVotes';
import { VoteButton } from './VoteButton';
import * as styles from './PlayerDetailView.css';

/**
 * One player: photos (tap for the full-screen preview), video, description, rank, votes, vote, paid votes, share,
 * poster, and `actions` after those (the block's save and complaint entries).
 */
export function PlayerDetailView({
  contest,
  playerId,
  actions,
}: {
  contest: Contest;
  playerId: number;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ key: string; player: PlayerDetail | null; failed: boolean } | null>(
    null,
  );
  const [attempt, setAttempt] = useState(0);
  const key = `${contest.id}:${playerId}:${attempt}`;
  useEffect(() => {
    let live = true;
    loadPlayer(contest.id, playerId)
      .then((player) => live && setResult({ key, player, failed: false }))
      .catch(() => live && setResult({ key, player: null, failed: true }));
    return () => {
      live = false;
    };
  }, [contest.id, playerId, key]);
  const current = result?.key === key ? result : null;
  const player = current?.player ?? null;
  const failed = current?.failed ?? false;
  useVotePolling(contest.id);
  useResumePaidVotes(contest.id);

  if (failed) {
    return (
      <ErrorState
        title={t('vote.noPlayer')}
        actionLabel={t('vote.retry')}
        onAction={() => setAttempt((n) => n + 1)}
      />
    );
  }
  if (!player) return <Spinner label={t('ui.loading')} />;
  return <PlayerDetailBody contest={contest} player={player} actions={actions} />;
}

function PlayerDetailBody({
  contest,
  player,
  actions,
}: {
  contest: Contest;
  player: PlayerDetail;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useAppNavigate();
  const votes = useLiveVotes(player.id, player.votes);
  const [paidOpen, setPaidOpen] = useState(false);
  const [posterOpen, setPosterOpen] = useState(false);
  const photos = player.photos.length > 0 ? player.photos : [player.photo];
  const open = contest.status === 1;

  const share = () =>
    sharePage({
      title: t('vote.shareTitle', { name: player.name, number: player.number }),
      desc: contest.title,
      link: absoluteAppLink(buildPath(playerPage(), { vote_id: contest.id, player_id: player.id })),
      imgUrl: new URL(player.photo, window.location.href).href,
    });

  return (
    <>
      <section className={card} aria-labelledby="player-name">
        <ul className={styles.detailPhotos} aria-label={t('vote.photos')}>
          {photos.map((url, index) => (
            <li key={`${url}-${index}`} className={styles.detailPhotoItem}>
              <button
                type="button"
                className={styles.detailPhotoButton}
                aria-label={t('vote.viewPhoto', { index: index + 1, count: photos.length })}
                onClick={() => navigate(previewImagePage(), { urls: photos.join(','), current: index })}
              >
                <img className={styles.detailPhoto} src={url} alt="" />
              </button>
            </li>
          ))}
        </ul>
        <h2 id="player-name" className={title}>
          {player.name}
        </h2>
        <p className={note}>
          {t('vote.number', { number: player.number })}
          {player.team_name ? ` · ${player.team_name}` : ''}
          {player.group_name ? ` · ${player.group_name}` : ''}
        </p>
        <ul className={stats.list}>
          <li>
            <p className={stats.value} data-testid="player-votes">
              {abbreviateCount(votes, i18n.language)}
            </p>
            <p className={stats.label}>{t('vote.votes')}</p>
          </li>
          <li>
            <p className={stats.value}>{player.rank}</p>
            <p className={stats.label}>{t('vote.rankLabel')}</p>
          </li>
          <li>
            <p className={stats.value}>{abbreviateCount(player.gap_to_previous, i18n.language)}</p>
            <p className={stats.label}>{t('vote.gap')}</p>
          </li>
        </ul>
        <div className={actionRow}>
          {open ? (
            <VoteButton
              voteId={contest.id}
              playerId={player.id}
              playerName={player.name}
              className={button({ size: 'compact' })}
            />
          ) : null}
          {open && contest.vote_price_cents > 0 ? (
            <button type="button" className={button({ size: 'compact' })} onClick={() => setPaidOpen(true)}>
              {t('vote.buyVotes')}
            </button>
          ) : null}
          <button
            type="button"
            className={button({ tone: 'secondary', size: 'compact' })}
            onClick={() => void share()}
          >
            {t('vote.share')}
          </button>
          <button
            type="button"
            className={button({ tone: 'secondary', size: 'compact' })}
            onClick={() => setPosterOpen(true)}
          >
            {t('vote.poster')}
          </button>
          {actions}
        </div>
      </section>
      {player.video ? (
        <section className={card} aria-label={t('vote.video')}>
          <video className={media} src={player.video} controls playsInline preload="metadata" />
        </section>
      ) : null}
      {player.description ? (
        <section className={card} aria-labelledby="player-about">
          <h3 id="player-about" className={heading}>
            {t('vote.about')}
          </h3>
          <p className={body}>{player.description}</p>
        </section>
      ) : null}
      <PaidVotePopup
        open={paidOpen}
        onClose={() => setPaidOpen(false)}
        voteId={contest.id}
        playerId={player.id}
        playerName={player.name}
        priceCents={contest.vote_price_cents}
      />
      {posterOpen ? (
        <PosterPopup onClose={() => setPosterOpen(false)} voteId={contest.id} playerId={player.id} />
      ) : null}
    </>
  );
}
