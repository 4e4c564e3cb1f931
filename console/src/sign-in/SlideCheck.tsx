/**
 * The slide check before a phone code (server/accounts/slide.ts): a range input moved to its end by pointer or
 * keyboard, its track recorded as `[position 0-1000, ms since the start]` and verified by the server, which issues
 * the one-time ticket the code request needs. A native range input: labelled, operable by keyboard and read by
 * screen readers without more code.
 */
import { useRef, useState } from 'react';
import { api, ApiError } from '../app/api.ts';
import * as styles from '../app/console.css.ts';
import { useT } from '../app/i18n.ts';

const END = 1000;
/** The server refuses a track shorter than this (MIN_TRACK_MS): a handle that reached the end sooner waits there. */
const MIN_TRACK_MS = 300;

export function SlideCheck({ phone, onTicket }: { phone: string; onTicket(ticket: string): void }) {
  const { t } = useT();
  const [value, setValue] = useState(0);
  const [state, setState] = useState<'idle' | 'checking' | 'passed' | 'failed'>('idle');
  const started = useRef<{
    at: number;
    challenge: Promise<{ id: string; at: number }>;
    track: [number, number][];
  } | null>(null);

  const begin = () => {
    if (started.current) return started.current;
    const challenge = api
      .post<'slideChallenge'>('/v3/api/slide/challenge', { phone })
      .then((answer) => ({ id: answer.challenge_id, at: performance.now() }));
    challenge.catch(() => {});
    started.current = { at: performance.now(), challenge, track: [[0, 0]] };
    return started.current;
  };

  const move = async (position: number) => {
    if (state === 'checking' || state === 'passed') return;
    const run = begin();
    setValue(position);
    run.track.push([position, Math.round(performance.now() - run.at)]);
    if (position < END) return;
    setState('checking');
    try {
      // The server counts from when it issued the challenge: wait until it cannot find the slide too quick.
      const issued = await run.challenge;
      const early = Math.max(run.at, issued.at) + MIN_TRACK_MS - performance.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      run.track.push([END, Math.round(performance.now() - run.at)]);
      const answer = await api.post<'slideVerify'>('/v3/api/slide/verify', {
        challenge_id: issued.id,
        phone,
        track: run.track.slice(-400),
      });
      if (!answer.ticket) throw new ApiError(400, '', null);
      setState('passed');
      onTicket(answer.ticket);
    } catch {
      started.current = null;
      setValue(0);
      setState('failed');
    }
  };

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor="slide-check">
        {t('signIn.slide')}
      </label>
      <input
        id="slide-check"
        type="range"
        min={0}
        max={END}
        step={50}
        value={value}
        disabled={!/^1[3-9]\d{9}$/.test(phone) || state === 'passed' || state === 'checking'}
        onChange={(event) => void move(Number(event.currentTarget.value))}
      />
      {state === 'passed' && <span className={styles.success}>{t('signIn.slid')}</span>}
      {state === 'failed' && (
        <span role="alert" className={styles.error}>
          {t('signIn.slideFailed')}
        </span>
      )}
    </div>
  );
}
