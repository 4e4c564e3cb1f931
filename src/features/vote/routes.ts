/** The contest's pages (config/app.json routes; README "Voting contests" explains the structure). */
export const CONTEST_PAGE = '/pages/template/index';
export const PLAYER_PAGE = '/pages/vote/player/index';
export const RANK_PAGE = '/pages/vote/rank/index';
export const TEAM_RANK_PAGE = '/pages/vote/team-rank/index';
export const SCORE_PAGE = '/pages/vote/score/index';
export const SIGN_UP_PAGE = '/pages/vote/sign-up/index';
export const TODAY_STAR_PAGE = '/pages/jinrizhixing/index';
export const PREVIEW_IMAGE_PAGE = '/preview-image';
