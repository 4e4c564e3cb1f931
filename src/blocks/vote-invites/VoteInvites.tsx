import type { BlockProps } from '../types';
import { ContestGate } from '../../features/vote/ContestGate';
import { InviteList } from '../../features/vote/InviteList';

/** The sign-ups the viewer invited to `vote_id`. */
export function VoteInvites(_: BlockProps<'vote-invites'>) {
  return <ContestGate target="sign">{(contest) => <InviteList contest={contest} />}</ContestGate>;
}
