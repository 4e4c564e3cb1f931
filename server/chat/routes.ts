/**
 * Chat, moderation, gifts and tips over HTTP. The rules live in server/chat/lines.ts (lines, sending, moderation)
 * and server/chat/rewards.ts (gifts and tips paid through orders).
 */
import { findViewer, needViewer } from '../accounts/sessions.ts';
import {
  canModerate,
  CHAT_MESSAGES,
  chatLines,
  isBlacklisted,
  sendChatText,
  setBlacklisted,
} from './lines.ts';
import { giftList, rewardOrder } from './rewards.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import { requireOrganiserRole } from '../organisations/roles.ts';
import { GATED } from '../realtime.ts';
import { payAnswer } from '../wechat/pay.ts';
import { loadEvent, mayViewerWatch } from '../events/routes.ts';
import type { Services } from '../services.ts';

export { CHAT_LIMITS, type ChatKind } from './lines.ts';

export function chatHandlers(
  services: Pick<Services, 'sql' | 'now' | 'shared' | 'realtime' | 'events' | 'wechat'>,
): HandlerMap {
  const { sql, now, events, wechat } = services;
  return {
    async chatGetMsg(request) {
      const { body } = request;
      const event = await loadEvent(events, body.token);
      const viewer = await findViewer(sql, request, now());
      if (!(await mayViewerWatch(sql, event, viewer, now()))) throw new ApiFailure(GATED.xcode, GATED.texts);
      const { list, hasMore } = await chatLines(sql, event.id, {
        beforeId: body.before_id,
        afterId: body.after_id,
        limit: body.limit,
      });
      return ok({
        list,
        has_more: hasMore,
        can_moderate: await canModerate(sql, viewer, event),
        blacklisted: viewer ? await isBlacklisted(sql, event.id, viewer.userId) : false,
      });
    },
    async chatSaveMsg(request) {
      const { token, content } = request.body;
      return ok(await sendChatText(services, await needViewer(sql, request, now()), token, content, now()));
    },
    async chatBlacklist(request) {
      const viewer = await needViewer(sql, request, now());
      const { body } = request;
      const event = await loadEvent(events, body.token);
      await requireOrganiserRole(sql, viewer.userId, event.organisation_id, 'chat_moderation');
      if (body.user_id === viewer.userId) throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.notSelf);
      const blacklisted = body.blacklisted ?? true;
      await setBlacklisted(sql, {
        eventId: event.id,
        userId: body.user_id,
        byUserId: viewer.userId,
        blacklisted,
        now: now(),
      });
      return ok({ user_id: body.user_id, blacklisted });
    },
    async videoGift(request) {
      await loadEvent(events, request.query.token);
      return ok({ list: await giftList(sql) });
    },
    async videoReward(request) {
      const viewer = await needViewer(sql, request, now());
      const { body } = request;
      const event = await loadEvent(events, body.token);
      const at = now();
      const order = await rewardOrder(sql, {
        eventId: event.id,
        userId: viewer.userId,
        giftId: body.gift_id,
        count: body.count ?? 1,
        amountCents: body.amount,
        key: body.idempotency_key ? `reward:${viewer.userId}:${body.idempotency_key}` : undefined,
        now: at,
      });
      return ok(await payAnswer(wechat, order, body.t_type, at, request));
    },
  };
}
