/** What a vote tap and a paid-vote purchase do around the API calls: messages, the live count, the viewer's tally. */
import { ApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { toast } from '../../ui/toast/toast';
import { castVote, type Contest } from './api';
import { pollOnce, setLiveVotes } from './live-votes';
import { voteStore } from './store';

/**
 * A call that needs a login, made without one, runs the login check (WeChat login inside WeChat) and shows nothing;
 * outside WeChat the viewer would see nothing happen, so say why.
 */
export function explainLoginRequired(error: unknown): void {
  if (error instanceof ApiError && error.kind === 'login-required') toast(i18n.t('vote.loginFirst'));
}

/**
 * The per-player daily limit (xcode 40305) of the contest on the page, which the app words itself: singular or
 * plural in the viewer's language.
 */
function playerLimit(error: ApiError, voteId: number): number | null {
  const info = voteStore.get().voteInfo as Contest | null;
  return error.xcode === 40305 && info?.id === voteId && info.votes_per_player_per_day > 0
    ? info.votes_per_player_per_day
    : null;
}

/** Messages the API helper has not already shown (it toasts an expired login itself; 404s stay silent). */
function showVoteFailure(error: unknown, voteId: number): void {
  if (!(error instanceof ApiError)) return;
  const limit = playerLimit(error, voteId);
  if (limit !== null) toast(i18n.t('vote.playerDailyLimit', { count: limit }));
  else if (error.kind === 'server' || error.kind === 'network' || error.kind === 'timeout')
    toast(error.message);
  explainLoginRequired(error);
}

/** Casts one free vote; on failure the server's own message (limit reached, contest closed) is shown. */
export async function voteFor(voteId: number, playerId: number): Promise<boolean> {
  try {
    const result = await castVote(voteId, playerId);
    setLiveVotes(voteId, playerId, result.votes);
    voteStore.update((draft) => {
      const info = draft.voteInfo as Contest | null;
      if (info?.mine) {
        info.mine.votes_today = result.votes_today;
        info.mine.votes_left_today = result.votes_left_today;
        info.mine.votes_total = result.votes_total;
      }
    });
    toast(
      result.votes_left_today < 0
        ? i18n.t('vote.votedNoLimit')
        : i18n.t('vote.voted', { count: result.votes_left_today }),
    );
    return true;
  } catch (error) {
    showVoteFailure(error, voteId);
    return false;
  }
}

/** The payment key of a contest's paid votes: the H5 page returns to the page, which resumes it by this key. */
export const paidVoteKey = (voteId: number) => `vote:${voteId}`;

/** After a paid vote: the notification has credited the votes; fetch the changed counts now. */
export async function afterPaidVotes(voteId: number): Promise<void> {
  toast(i18n.t('vote.paidDone'));
  await pollOnce(voteId).catch(() => {});
}
