/**
 * The server side of the slide check, for every form that asks for an SMS code (login, the phone page, the watch-phone
 * pop-up): a challenge for the phone when sliding starts, the track verified by the server, and the one-time ticket it
 * issues, bound to that phone. A ticket pays for one code; `spend()` forgets it and gives the slider a new round.
 */
import { useRef, useState } from 'react';
import { api } from '../../lib/api';
import type { SlideTrack } from './SlideCheck';
import { now } from '../../lib/clock';

/**
 * The server refuses a verify that reaches it sooner than this after it issued the challenge (MIN_TRACK_MS in
 * server/accounts/slide.ts): a slide takes at least that long, and it starts when the challenge is asked for.
 */
export const SERVER_MIN_SLIDE_MS = 300;

const startSlideCheck = (phone: string) =>
  api.post('/v3/api/slide/challenge', { phone }, { quiet: true, noErrorToast: true });

const verifySlideCheck = (challengeId: string, phone: string, track: SlideTrack) =>
  api.post(
    '/v3/api/slide/verify',
    { challenge_id: challengeId, phone, track },
    { quiet: true, noErrorToast: true },
  );

export type SlideTicket = {
  /** The ticket of a passed check for the phone, '' before (or after it was spent). */
  ticket: string;
  /** Give the SlideCheck this key: it starts over with a new phone and after each code. */
  key: string;
  onStart(): void;
  onSlid(track: SlideTrack): Promise<boolean>;
  /** The ticket went with a code request (answered either way): the next code needs a new slide. */
  spend(): void;
};

export function useSlideTicket(phone: string): SlideTicket {
  const [passed, setPassed] = useState({ phone: '', ticket: '' });
  const [round, setRound] = useState(0);
  const challenge = useRef<{ phone: string; issued: Promise<{ id: string; at: number }> } | null>(null);

  const onStart = () => {
    const issued = startSlideCheck(phone).then((answer) => ({ id: answer.challenge_id, at: now() }));
    issued.catch(() => {});
    challenge.current = { phone, issued };
  };
  const onSlid = async (track: SlideTrack) => {
    try {
      if (challenge.current?.phone !== phone) onStart();
      const { id, at } = await challenge.current!.issued;
      // A challenge that came back late (a slow network, a busy server) leaves the server less time between the
      // challenge and this verify than the slide took: wait until the server cannot find it too soon.
      const early = at + SERVER_MIN_SLIDE_MS - now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      const answer = await verifySlideCheck(id, phone, track);
      setPassed({ phone, ticket: answer.ticket ?? '' });
      return Boolean(answer.ticket);
    } catch {
      return false;
    } finally {
      challenge.current = null;
    }
  };
  const spend = () => {
    setPassed({ phone: '', ticket: '' });
    challenge.current = null;
    setRound((value) => value + 1);
  };
  // A ticket is bound to the phone it was passed for: another number needs a new slide.
  return {
    ticket: passed.phone === phone ? passed.ticket : '',
    key: `${phone}:${round}`,
    onStart,
    onSlid,
    spend,
  };
}
