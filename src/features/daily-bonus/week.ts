/**
 * The week calendar of the daily bonus, in the organiser's time zone: Monday to Sunday around today, each day claimed,
 * today, past or to come, with the reward a streak would bring on it. Pure, tested beside.
 */

export type BonusDay = { day: string; state: 'claimed' | 'missed' | 'today' | 'upcoming'; amount: number };

/**
 * Zones without daylight saving, by their offset from UTC in minutes: their calendar day is arithmetic. A page's
 * first Intl date format loads ICU's locale and zone data, ~40 ms of main thread on a desktop and ~4 times that on a
 * phone, which the daily bonus paid inside its first render. China Standard Time (no daylight saving since 1991) is
 * the organisers' zone; other zones go to Intl.
 */
const FIXED_OFFSET_MINUTES: Record<string, number> = { 'Asia/Shanghai': 8 * 60 };

/** The calendar day ('YYYY-MM-DD') of a moment in a time zone. */
export function dayIn(timeZone: string, date: Date): string {
  if (Object.hasOwn(FIXED_OFFSET_MINUTES, timeZone))
    return new Date(date.getTime() + FIXED_OFFSET_MINUTES[timeZone] * 60_000).toISOString().slice(0, 10);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

export function addDays(day: string, offset: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + offset)).toISOString().slice(0, 10);
}

/** Monday (ISO) of the week of `day`. */
export function mondayOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const weekday = (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export function weekCalendar(input: {
  today: string;
  rewards: number[];
  claims: { day: string; amount: number }[];
  claimedToday: boolean;
  streak: number;
}): BonusDay[] {
  const claimed = new Map(input.claims.map((claim) => [claim.day, claim.amount]));
  const monday = mondayOf(input.today);
  const reward = (streakDay: number) =>
    input.rewards.length ? input.rewards[(streakDay - 1) % input.rewards.length] : 0;
  // The streak day today's claim is (or would be); later days continue from it.
  const todayStreak = input.claimedToday ? input.streak : input.streak + 1;
  return Array.from({ length: 7 }, (_, index) => {
    const day = addDays(monday, index);
    const amount = claimed.get(day);
    if (amount !== undefined) return { day, state: 'claimed', amount };
    if (day < input.today) return { day, state: 'missed', amount: 0 };
    const ahead = Math.round((Date.parse(day) - Date.parse(input.today)) / 86_400_000);
    return { day, state: day === input.today ? 'today' : 'upcoming', amount: reward(todayStreak + ahead) };
  });
}
