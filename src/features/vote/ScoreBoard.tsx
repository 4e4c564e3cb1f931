import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { BottomPopup } from '../../ui/bottom-popup/BottomPopup';
import { Spinner } from '../../ui/spinner/Spinner';
import { fetchScoreDetail, fetchScores, type PlayerQuery, type ScorePlayer } from './api';
import { useLinkedQuery } from './contest-id';
import { usePagedList } from '../../lib/paged';
import { PlayerFilters } from './PlayerFilters';
import { WindowedList } from '../../ui/windowed-list/WindowedList';
import { content } from '../../ui/bottom-popup/BottomPopup.css';
import { caption } from '../../ui/card/card.css';
import * as rows from './RankRow.css';
import * as styles from './ScoreBoard.css';

const PAGE_SIZE = 50;
const ESTIMATED_ROW_PX = 61;

type ScoreSheet = Awaited<ReturnType<typeof fetchScoreDetail>>;

/** The judges' scores: players by score (ties by number); a row opens that player's score sheet. */
export function ScoreBoard({ voteId }: { voteId: number }) {
  const { t } = useTranslation();
  const linked = useLinkedQuery();
  const [query, setQuery] = useState<PlayerQuery>(linked);
  const [selected, setSelected] = useState<ScorePlayer | null>(null);
  const fetchPage = useCallback(
    (page: number) => fetchScores(voteId, query, page, PAGE_SIZE),
    [voteId, query],
  );
  const list = usePagedList(JSON.stringify([voteId, query]), fetchPage);
  return (
    <section>
      <PlayerFilters voteId={voteId} query={query} onChange={setQuery} showSearch={false} />
      <WindowedList
        list={list}
        label={t('vote.scores')}
        estimateRowPx={ESTIMATED_ROW_PX}
        itemKey={(player) => player.id}
        renderItem={(player) => (
          <button
            type="button"
            className={styles.scoreRow}
            data-testid="score-row"
            onClick={() => setSelected(player)}
            aria-haspopup="dialog"
          >
            <span className={rows.rankNumber}>{player.rank}</span>
            <img className={rows.rankPhoto} src={player.photo} alt="" loading="lazy" decoding="async" />
            <span className={rows.rankName}>
              {player.name}
              <span className={caption}> {t('vote.number', { number: player.number })}</span>
            </span>
            <span className={rows.rankVotes}>{t('vote.points', { count: player.score })}</span>
          </button>
        )}
        emptyText={t('vote.noPlayers')}
        endText={t('vote.end', { count: list.total })}
      />
      {selected ? (
        <ScoreSheetPopup voteId={voteId} player={selected} onClose={() => setSelected(null)} />
      ) : null}
    </section>
  );
}

function ScoreSheetPopup({
  voteId,
  player,
  onClose,
}: {
  voteId: number;
  player: ScorePlayer;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<ScoreSheet | null>(null);
  useEffect(() => {
    let live = true;
    fetchScoreDetail(voteId, player.id)
      .then((result) => live && setSheet(result))
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [voteId, player.id, onClose]);
  return (
    <BottomPopup open onClose={onClose} title={t('vote.scoreSheet', { name: player.name })}>
      <div className={content}>
        {sheet ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('vote.criterion')}</th>
                <th scope="col">{t('vote.judge')}</th>
                <th scope="col">{t('vote.score')}</th>
              </tr>
            </thead>
            <tbody>
              {sheet.items.map((item, index) => (
                <tr key={`${item.name}-${item.judge}-${index}`}>
                  <td>{item.name}</td>
                  <td>{item.judge}</td>
                  <td>
                    {item.score} / {item.max_score}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('vote.totalScore')}
                </th>
                <td>{sheet.player.score}</td>
              </tr>
            </tfoot>
          </table>
        ) : (
          <Spinner label={t('ui.loading')} />
        )}
      </div>
    </BottomPopup>
  );
}
