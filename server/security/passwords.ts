/**
 * The video password lock-out. Wrong passwords are counted per event and subject (the viewer `user:<id>` and the
 * address `ip:<address>`) in password_attempts; a subject that reaches its limit is refused for a back-off that
 * doubles with every further failure, up to a cap. A quiet day forgets the count.
 *
 * Concurrent tries: a try claims its place first (one atomic upsert that counts it as a failure, only while the
 * subject is not locked, and sets the lock when the count reaches the limit), and only then is the password
 * compared. So a burst of tries cannot slip past the limit between check and count. A correct password resets the
 * viewer's count and gives the address back the try it claimed.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Sql } from '../db/sql.ts';
import type { Database } from '../db/schema.ts';
import { ApiFailure, XCODE } from '../envelope.ts';

/** Wrong passwords per viewer and event before the lock. */
export const PASSWORD_MAX_FAILURES = 5;
/** Wrong passwords per address and event before the lock: higher, as viewers behind one NAT share an address. */
export const PASSWORD_MAX_FAILURES_PER_ADDRESS = 15;
/** The first lock; each further failure doubles it. */
export const PASSWORD_LOCK_BASE_MS = 60_000;
/** The longest lock. */
export const PASSWORD_LOCK_MAX_MS = 60 * 60_000;
/** A subject without a failure for this long starts counting again from zero. */
export const PASSWORD_FAILURES_FORGOTTEN_MS = 24 * 60 * 60_000;

/** How long the `failures`-th failure locks a subject whose limit is `max` (0: not yet). */
export function passwordLockMs(failures: number, max: number): number {
  if (failures < max) return 0;
  return Math.min(PASSWORD_LOCK_BASE_MS * 2 ** (failures - max), PASSWORD_LOCK_MAX_MS);
}

type Claim = { subject: string; failures: number; locked_until: number };
type Attempts = ExpressionBuilder<Database, 'password_attempts'>;

/** The refusal while a subject is locked, with the minutes left. */
export function passwordLocked(lockedUntil: number, now: number): ApiFailure {
  const minutes = Math.max(1, Math.ceil((lockedUntil - now) / 60_000));
  return new ApiFailure(XCODE.tooManyRequests, {
    'zh-CN': `密码错误次数过多，请 ${minutes} 分钟后再试`,
    en: `Too many wrong passwords, please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  });
}

export function passwordAttempts(sql: Sql, now: () => number) {
  /**
   * Counts one try of `subject` as a failure unless it is locked; answers the row after the count, or undefined
   * when the subject is locked (nothing counted).
   */
  async function claim(
    eventId: number,
    subject: string,
    max: number,
    at: number,
  ): Promise<Claim | undefined> {
    const next = (eb: Attempts) =>
      eb
        .case()
        .when('password_attempts.updated_at', '<', at - PASSWORD_FAILURES_FORGOTTEN_MS)
        .then(1)
        .else(eb('password_attempts.failures', '+', 1))
        .end();
    // The lock the new count earns, as a CASE over the counts where the back-off changes (it is capped).
    const lockedUntil = (eb: Attempts) => {
      const steps: { from: number; ms: number }[] = [];
      for (let failures = max; ; failures++) {
        const ms = passwordLockMs(failures, max);
        steps.unshift({ from: failures, ms });
        if (ms >= PASSWORD_LOCK_MAX_MS) break;
      }
      const [top, ...rest] = steps;
      let ladder = eb
        .case()
        .when(next(eb), '>=', top.from)
        .then(at + top.ms);
      for (const step of rest) ladder = ladder.when(next(eb), '>=', step.from).then(at + step.ms);
      // Typed, so that PostgreSQL does not read a CASE of bare parameters as text.
      return eb.cast<number>(ladder.else(0).end(), 'bigint');
    };
    return sql
      .insertInto('password_attempts')
      .values({
        event_id: eventId,
        subject,
        failures: 1,
        locked_until: passwordLockMs(1, max) ? at + passwordLockMs(1, max) : 0,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc
          .columns(['event_id', 'subject'])
          .doUpdateSet((eb) => ({ failures: next(eb), locked_until: lockedUntil(eb), updated_at: at }))
          .where('password_attempts.locked_until', '<=', at),
      )
      .returning(['subject', 'failures', 'locked_until'])
      .executeTakeFirst();
  }

  /** Gives a claimed try back (it was not a failure), and lifts the lock that this very try set. */
  async function release(eventId: number, claimed: Claim): Promise<void> {
    await sql
      .updateTable('password_attempts')
      .set((eb) => ({
        failures: eb
          .case()
          .when('failures', '>', 0)
          .then(eb('failures', '-', 1))
          .else(0)
          .end(),
        locked_until: eb
          .case()
          .when('locked_until', '=', claimed.locked_until)
          .then(0)
          .else(eb.ref('locked_until'))
          .end(),
      }))
      .where('event_id', '=', eventId)
      .where('subject', '=', claimed.subject)
      .execute();
  }

  /** The locked_until of the subject currently locked, for the refusal (the later lock when both are). */
  async function lockOf(eventId: number, subjects: string[], at: number): Promise<number> {
    const rows = await sql
      .selectFrom('password_attempts')
      .select('locked_until')
      .where('event_id', '=', eventId)
      .where('subject', 'in', subjects)
      .where('locked_until', '>', at)
      .execute();
    return Math.max(at + PASSWORD_LOCK_BASE_MS, ...rows.map((row) => row.locked_until));
  }

  return {
    /**
     * Runs `matches` (the password comparison) for one try of the viewer from the address, counting it: throws the
     * lock-out refusal while the viewer or the address is locked (without comparing) and when this failure locks
     * them; answers whether the password matched.
     */
    async check(eventId: number, userId: number, address: string, matches: () => boolean): Promise<boolean> {
      const at = now();
      const viewer = `user:${userId}`;
      const place = `ip:${address}`;
      const mine = await claim(eventId, viewer, PASSWORD_MAX_FAILURES, at);
      if (!mine) throw passwordLocked(await lockOf(eventId, [viewer, place], at), at);
      const shared = await claim(eventId, place, PASSWORD_MAX_FAILURES_PER_ADDRESS, at);
      if (!shared) {
        await release(eventId, mine);
        throw passwordLocked(await lockOf(eventId, [viewer, place], at), at);
      }
      if (matches()) {
        await sql
          .deleteFrom('password_attempts')
          .where('event_id', '=', eventId)
          .where('subject', '=', viewer)
          .execute();
        await release(eventId, shared);
        return true;
      }
      const lockedUntil = Math.max(mine.locked_until, shared.locked_until);
      if (lockedUntil > at) throw passwordLocked(lockedUntil, at);
      return false;
    },
  };
}
