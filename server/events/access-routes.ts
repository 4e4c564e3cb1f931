/**
 * Access gates that are not payments: the video password. A correct password is remembered for the viewer's account
 * (event_access), so the detail hands out the streams from then on; a wrong one is a clear envelope error. Wrong
 * passwords lock the viewer and the address out of the event for a while (server/security/passwords.ts).
 */
import crypto from 'node:crypto';
import { needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import { passwordAttempts } from '../security/passwords.ts';
import { loadEvent } from './routes.ts';
import type { Services } from '../services.ts';

export const WRONG_PASSWORD = { 'zh-CN': '视频密码错误', en: 'Incorrect video password' } as const;

/** Compares digests so the time taken says nothing about how much of the password matched. */
export function passwordMatches(expected: string, given: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();
  return crypto.timingSafeEqual(digest(expected), digest(given));
}

export function accessHandlers(services: Pick<Services, 'sql' | 'now' | 'events'>): HandlerMap {
  const { sql, now, events } = services;
  const attempts = passwordAttempts(sql, now);
  return {
    async passwordShow(request) {
      const viewer = await needViewer(sql, request, now());
      const { token, password } = request.body;
      const event = await loadEvent(events, token);
      if (event.password) {
        const expected = event.password;
        const matched = await attempts.check(event.id, viewer.userId, request.ip, () =>
          passwordMatches(expected, password.trim()),
        );
        if (!matched) throw new ApiFailure(XCODE.badRequest, WRONG_PASSWORD);
        await sql
          .insertInto('event_access')
          .values({ event_id: event.id, user_id: viewer.userId, gate: 'password', created_at: now() })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
      return ok({ token: event.token, unlocked: true });
    },
  };
}
