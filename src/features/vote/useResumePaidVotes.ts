import { useEffect } from 'react';
import { afterPaidVotes, paidVoteKey } from './vote-actions';

/** Back from the H5 payment page: finish the pending paid-vote payment of this contest (notice or new counts). */
export function useResumePaidVotes(voteId: number): void {
  useEffect(() => {
    // No unmount guard: resumePayment consumes the pending payment, so only this call will ever see 'paid'.
    void import('../payment/pay')
      .then(({ resumePayment }) => resumePayment(paidVoteKey(voteId)))
      .then((outcome) => {
        if (outcome === 'paid') void afterPaidVotes(voteId);
      })
      .catch(() => {});
  }, [voteId]);
}
