import type { BlockProps } from '../types';
import { ContestGate } from '../../features/vote/ContestGate';
import { SignUp } from '../../features/vote/SignUpForm';

/** Sign-up for `vote_id`: the contest's form, then the sign mask (status, registration payment). */
export function VoteSignUp(_: BlockProps<'vote-sign-up'>) {
  return <ContestGate target="sign">{(contest) => <SignUp contest={contest} />}</ContestGate>;
}
