import './messages';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { Spinner } from '../../ui/spinner/Spinner';
import type { Contest } from './api';
import { useContestId } from './contest-id';
import { useContest } from './useContest';

/** Loads the page's contest (vote_id) and renders `children` with it; a spinner meanwhile, a notice if it is missing. */
export function ContestGate({
  target = 'info',
  children,
}: {
  target?: 'info' | 'sign';
  children: (contest: Contest) => ReactNode;
}) {
  const { t } = useTranslation();
  const voteId = useContestId();
  const { contest, failed } = useContest(voteId, target);
  if (contest) return <>{children(contest)}</>;
  if (failed) return <EmptyState title={t('vote.noContest')} message={t('vote.noContestHint')} />;
  return <Spinner label={t('ui.loading')} />;
}
