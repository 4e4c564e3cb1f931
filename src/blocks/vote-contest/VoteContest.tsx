import type { BlockProps } from '../types';
import { ContestGate } from '../../features/vote/ContestGate';
import { ContestHome } from '../../features/vote/ContestHome';

/** The contest head of `vote_id`: cover, title, countdown, totals, rules, links to its pages. */
export function VoteContest({ props }: BlockProps<'vote-contest'>) {
  return (
    <ContestGate>{(contest) => <ContestHome contest={contest} showRules={props.showRules} />}</ContestGate>
  );
}
