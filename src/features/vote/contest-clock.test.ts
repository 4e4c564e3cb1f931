import { describe, expect, it } from 'vitest';
import { contestPhase } from './contest-clock';

describe('contestPhase', () => {
  it('counts down to the start, then to the end, then stops', () => {
    expect(contestPhase(500_000, 1000, 2000)).toEqual({ phase: 'upcoming', remainingMs: 500_000 });
    expect(contestPhase(1_000_000, 1000, 2000)).toEqual({ phase: 'running', remainingMs: 1_000_000 });
    expect(contestPhase(2_000_000, 1000, 2000)).toEqual({ phase: 'ended', remainingMs: 0 });
  });
});
