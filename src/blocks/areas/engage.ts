/** The blocks of the engagement blocks (lottery, daily bonus, check-in, score query), each loaded when a page shows it (see ../registry.ts). */
export const lottery = () => import('../lottery/Lottery');
export const lotteryWinners = () => import('../lottery-winners/LotteryWinners');
export const lotteryPrizes = () => import('../lottery-prizes/LotteryPrizes');
export const dailyBonus = () => import('../daily-bonus/DailyBonus');
export const checkIn = () => import('../check-in/CheckIn');
export const checkInMine = () => import('../check-in-mine/CheckInMine');
export const checkInStaff = () => import('../check-in-staff/CheckInStaff');
export const scoreQuery = () => import('../score-query/ScoreQuery');
