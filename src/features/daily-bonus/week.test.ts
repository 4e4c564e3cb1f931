import { describe, expect, it } from 'vitest';
import { dayIn, mondayOf, weekCalendar } from './week';

describe('daily bonus week', () => {
  it('counts days in the organiser time zone', () => {
    expect(dayIn('Asia/Shanghai', new Date('2026-05-31T16:30:00Z'))).toBe('2026-06-01');
    expect(mondayOf('2026-06-07')).toBe('2026-06-01');
    expect(mondayOf('2026-06-01')).toBe('2026-06-01');
  });
  it("counts China Standard Time's days by arithmetic as Intl does, and other zones with Intl", () => {
    const shanghai = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // Every 97 minutes of a year: every hour of the day and both sides of midnight come up.
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 97 * 60_000)
      expect(dayIn('Asia/Shanghai', new Date(ms))).toBe(shanghai.format(ms));
    expect(dayIn('America/New_York', new Date('2026-03-08T04:30:00Z'))).toBe('2026-03-07');
    expect(dayIn('America/New_York', new Date('2026-03-08T05:30:00Z'))).toBe('2026-03-08');
  });
  it('marks claimed, missed, today and upcoming days with the streak rewards', () => {
    const week = weekCalendar({
      today: '2026-06-03',
      rewards: [10, 20, 30],
      claims: [{ day: '2026-06-02', amount: 10 }],
      claimedToday: false,
      streak: 1,
    });
    expect(week.map((day) => day.state)).toEqual([
      'missed',
      'claimed',
      'today',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(week.map((day) => day.amount)).toEqual([0, 10, 20, 30, 10, 20, 30]);
  });
});
