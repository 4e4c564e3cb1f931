import type { BlockProps } from '../types';
import { useTranslation } from '../../lib/i18n';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { ScoreQueryView } from '../../features/score-query/ScoreQueryView';
import { useConfiguredId } from '../configured-id';
import * as block from '../../ui/card/card.css';

/** The score query index (config `queryId`, else `query_id` in the link): form, result card, rank list. */
export function ScoreQuery({ props }: BlockProps<'score-query'>) {
  const { t } = useTranslation();
  const id = useConfiguredId(props.queryId, 'query_id');
  return (
    <div className={block.card}>
      {id === null ? (
        <EmptyState title={t('scoreQuery.noQuery')} />
      ) : (
        <ScoreQueryView queryId={id} showRankList={props.rankList} />
      )}
    </div>
  );
}
