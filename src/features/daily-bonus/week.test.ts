import { describe, expect, it } from 'vitest';
import { dayIn, mondayOf, weekCalendar } from './week';

describe('daily bonus week', () => {
  it('counts days in the organiser time zone', () => {
    expect(dayIn('Asia/Shanghai', new Date('2026-05-31T16:30:00Z'))).toBe('2026-06-01');
    expect(mondayOf('2026-06-07')).toBe('2026-06-01');
    expect(mondayOf('2026-06-01')).toBe('2026-06-01');
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
