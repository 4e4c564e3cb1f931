/**
 * Voting contests (schemas/api/vote.json). Being built: until each handler lands it answers a clear envelope error.
 */
import type { HandlerMap } from '../contract/register.ts';
import type { Db } from '../db/database.ts';
import { ApiFailure } from '../envelope.ts';

const OPERATIONS = [
  'voteDetail',
  'voteList',
  'voteTeamList',
  'voteGroupList',
  'votePlayerDetail',
  'voteScoreList',
  'voteScoreDetail',
  'voteRank',
  'voteTeamRank',
  'voteTodayStar',
  'voteChanges',
  'voteCast',
  'voteOrder',
  'voteDropDown',
  'voteCheckboxList',
  'voteApply',
  'votePaidRegistration',
  'votePoster',
  'voteInviteList',
] as const;

export function voteHandlers(_db: Db, _now: () => number = Date.now): HandlerMap {
  return Object.fromEntries(
    OPERATIONS.map((id) => [
      id,
      () => {
        throw new ApiFailure(503, 'Voting is not available yet');
      },
    ]),
  );
}
