import type { BlockProps } from '../types';
import { ContestGate } from '../../features/vote/ContestGate';
import { ContestHome, ContestHomeLoading } from '../../features/vote/ContestHome';

/** The contest head of `vote_id`: cover, title, countdown, totals, rules, links to its pages. */
export function VoteContest({ props }: BlockProps<'vote-contest'>) {
  return (
    <ContestGate placeholder={<ContestHomeLoading />}>
      {(contest) => <ContestHome contest={contest} showRules={props.showRules} />}
    </ContestGate>
  );
}
