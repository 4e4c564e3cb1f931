import './messages';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { createStore, useStore } from '../../lib/store';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { Spinner } from '../../ui/spinner/Spinner';
import { useFirstScreenHold } from '../../lib/first-screen';
import { usePageTitle } from '../../lib/page-title';
import type { Contest } from './api';
import { useContestId } from './contest-id';
import { useContest } from './useContest';

/**
 * Gates on the page whose contest is missing, in mount order: a page of several contest blocks (the contest home
 * shows the contest and its players) says so once, in the first of them, not once per block.
 */
const missingGates = createStore<string[]>([]);

/**
 * Loads the page's contest (vote_id) and renders `children` with it; a spinner meanwhile, a notice if it is missing.
 * While it shows, the contest's title is the page title (the route's own title is a generic one, such as 'Template').
 */
export function ContestGate({
  target = 'info',
  children,
  placeholder,
}: {
  target?: 'info' | 'sign';
  children: (contest: Contest) => ReactNode;
  /** Shown while the contest loads, in place of a spinner (the page's first screen keeps showing meanwhile). */
  placeholder?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const voteId = useContestId();
  const { contest, failed } = useContest(voteId, target);
  usePageTitle(contest?.title);
  useEffect(() => {
    if (!failed) return;
    missingGates.update((ids) => {
      ids.push(id);
    });
    return () =>
      missingGates.update((ids) => {
        const index = ids.indexOf(id);
        if (index >= 0) ids.splice(index, 1);
      });
  }, [failed, id]);
  const first = useStore(missingGates, (ids) => ids[0] === id);
  useFirstScreenHold(placeholder !== undefined && !contest && !failed);
  if (contest) return <>{children(contest)}</>;
  if (failed)
    return first ? <EmptyState title={t('vote.noContest')} message={t('vote.noContestHint')} /> : null;
  return placeholder ?? <Spinner label={t('ui.loading')} />;
}
