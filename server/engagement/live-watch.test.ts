import { describe, expect, it } from 'vitest';
import { LiveWatchTracker, type WatchCredit } from './live-watch';

function tracker() {
  let clock = 1_000_000;
  const credited: WatchCredit[][] = [];
  const watching = new LiveWatchTracker(
    async (credits) => {
      credited.push(credits);
    },
    () => clock,
  );
  return { watching, credited, advance: (ms: number) => (clock += ms) };
}

describe('live watch tracker', () => {
  it('counts one stretch per viewer and event however many sockets they hold, credited when the last leaves', async () => {
    const { watching, credited, advance } = tracker();
    watching.enter(7, 'demo');
    advance(10_000);
    watching.enter(7, 'demo');
    advance(5_000);
    await watching.leave(7, 'demo');
    expect(credited).toEqual([]);
    advance(2_500);
    await watching.leave(7, 'demo');
    expect(credited).toEqual([[{ userId: 7, eventToken: 'demo', seconds: 17 }]]);
    // A leave with nothing open (a socket that never joined as this viewer) credits nothing.
    await watching.leave(7, 'demo');
    expect(credited).toHaveLength(1);
  });

  it('credits open stretches in one batch on flush, in whole seconds, keeping the rest open', async () => {
    const { watching, credited, advance } = tracker();
    watching.enter(1, 'demo');
    watching.enter(2, 'demo');
    watching.enter(1, 'other');
    advance(30_700);
    await watching.flush();
    expect(credited).toEqual([
      [
        { userId: 1, eventToken: 'demo', seconds: 30 },
        { userId: 2, eventToken: 'demo', seconds: 30 },
        { userId: 1, eventToken: 'other', seconds: 30 },
      ],
    ]);
    advance(200);
    await watching.flush();
    expect(credited).toHaveLength(1);
    advance(500);
    await watching.leave(2, 'demo');
    // 0.7 s kept from the first flush + 0.7 s since: one more whole second.
    expect(credited[1]).toEqual([{ userId: 2, eventToken: 'demo', seconds: 1 }]);
  });
});
