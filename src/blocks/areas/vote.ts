/** The blocks of the contest pages (home, players, player, rankings, scores, sign-up, today's star, invites), each loaded when a page shows it (see ../registry.ts). */
export const voteContest = () => import('../vote-contest/VoteContest');
export const votePlayers = () => import('../vote-players/VotePlayers');
export const votePlayer = () => import('../vote-player/VotePlayer');
export const voteRank = () => import('../vote-rank/VoteRank');
export const voteScores = () => import('../vote-scores/VoteScores');
export const voteSignUp = () => import('../vote-sign-up/VoteSignUp');
export const voteTodayStar = () => import('../vote-today-star/VoteTodayStar');
export const voteInvites = () => import('../vote-invites/VoteInvites');
