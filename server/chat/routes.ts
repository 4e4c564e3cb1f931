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
  messageById,
  sendChatText,
  setBlacklisted,
} from './lines.ts';
import {
  deleteLine,
  MODERATION_LIMITS,
  moderationLog,
  muteEveryone,
  pinAnnouncement,
  replaceWords,
  reviewLine,
  roomSettings,
  setPreReview,
  viewerMuted,
  viewerRoom,
} from './moderation.ts';
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
  /** The moderator acting on the event of `token` (owner or operator of its organisation), refused otherwise. */
  const moderation = async (request: Parameters<typeof needViewer>[1], token: string) => {
    const viewer = await needViewer(sql, request, now());
    const event = await loadEvent(events, token);
    await requireOrganiserRole(sql, viewer.userId, event.organisation_id, 'chat_moderation');
    return { eventId: event.id, eventToken: event.token, byUserId: viewer.userId, now: now() };
  };
  const mute = async (
    request: Parameters<typeof needViewer>[1],
    body: { token: string; user_id: number },
    muted: boolean,
  ) => {
    const who = await moderation(request, body.token);
    if (body.user_id === who.byUserId) throw new ApiFailure(XCODE.badRequest, CHAT_MESSAGES.notSelf);
    await setBlacklisted(sql, {
      eventId: who.eventId,
      userId: body.user_id,
      byUserId: who.byUserId,
      blacklisted: muted,
      now: who.now,
    });
    await viewerMuted(services, who, body.user_id, muted);
  };
  return {
    async chatGetMsg(request) {
      const { body } = request;
      const event = await loadEvent(events, body.token);
      const viewer = await findViewer(sql, request, now());
      if (!(await mayViewerWatch(sql, event, viewer, now()))) throw new ApiFailure(GATED.xcode, GATED.texts);
      const { list, hasMore } = await chatLines(
        sql,
        event.id,
        { beforeId: body.before_id, afterId: body.after_id, limit: body.limit },
        { viewerId: viewer?.userId ?? null },
      );
      return ok({
        list,
        has_more: hasMore,
        can_moderate: await canModerate(sql, viewer, event),
        blacklisted: viewer ? await isBlacklisted(sql, event.id, viewer.userId) : false,
        room: viewerRoom(await roomSettings(sql, event.id)),
      });
    },
    async chatSaveMsg(request) {
      const { token, content } = request.body;
      return ok(await sendChatText(services, await needViewer(sql, request, now()), token, content, now()));
    },
    async chatBlacklist(request) {
      const blacklisted = request.body.blacklisted ?? true;
      await mute(request, request.body, blacklisted);
      return ok({ user_id: request.body.user_id, blacklisted });
    },
    async chatMute(request) {
      await mute(request, request.body, request.body.muted);
      return ok({ user_id: request.body.user_id, muted: request.body.muted });
    },
    async chatDelete(request) {
      const who = await moderation(request, request.body.token);
      return ok(await deleteLine(services, who, request.body.id));
    },
    async chatMuteAll(request) {
      const who = await moderation(request, request.body.token);
      return ok(await muteEveryone(services, who, request.body.muted));
    },
    async chatPin(request) {
      const who = await moderation(request, request.body.token);
      return ok(await pinAnnouncement(services, who, request.body.content));
    },
    async chatUnpin(request) {
      const who = await moderation(request, request.body.token);
      return ok(await pinAnnouncement(services, who, null));
    },
    async chatWords(request) {
      const who = await moderation(request, request.query.token);
      return ok({ words: (await roomSettings(sql, who.eventId)).words });
    },
    async chatWordsSave(request) {
      const who = await moderation(request, request.body.token);
      return ok({ words: await replaceWords(services, who, request.body.words) });
    },
    async chatReviewMode(request) {
      const who = await moderation(request, request.body.token);
      return ok(await setPreReview(services, who, request.body.enabled));
    },
    async chatWaiting(request) {
      const { body } = request;
      const who = await moderation(request, body.token);
      const limit = body.limit ?? MODERATION_LIMITS.waitingPage;
      const rows = await sql
        .selectFrom('chat_messages')
        .select('id')
        .where('event_id', '=', who.eventId)
        .where('status', '=', 'waiting')
        .where('id', '>', body.after_id ?? 0)
        .orderBy('id', 'asc')
        .limit(limit + 1)
        .execute();
      const list = await Promise.all(rows.slice(0, limit).map((row) => messageById(sql, row.id)));
      return ok({ list, has_more: rows.length > limit });
    },
    async chatApprove(request) {
      const who = await moderation(request, request.body.token);
      const publish = async ({ id }: { id: number }) =>
        services.realtime.publish(who.eventToken, await messageById(sql, id));
      return ok(await reviewLine({ ...services, publish }, who, request.body.id, 'shown'));
    },
    async chatReject(request) {
      const who = await moderation(request, request.body.token);
      const publish = async () => {};
      return ok(await reviewLine({ ...services, publish }, who, request.body.id, 'rejected'));
    },
    async chatModerationLog(request) {
      const { body } = request;
      const who = await moderation(request, body.token);
      const { list, hasMore } = await moderationLog(sql, who.eventId, {
        beforeId: body.before_id,
        limit: body.limit,
      });
      return ok({ list, has_more: hasMore });
    },
    async chatModerationLines(request) {
      const { body } = request;
      const who = await moderation(request, body.token);
      const { list, hasMore } = await chatLines(
        sql,
        who.eventId,
        { beforeId: body.before_id, limit: body.limit ?? MODERATION_LIMITS.linesPage },
        'all',
      );
      const settings = await roomSettings(sql, who.eventId);
      const muted = await sql
        .selectFrom('chat_blacklist')
        .select('user_id')
        .where('event_id', '=', who.eventId)
        .orderBy('user_id')
        .execute();
      return ok({
        list,
        has_more: hasMore,
        room: viewerRoom(settings),
        words: settings.words,
        muted_users: muted.map((row) => row.user_id),
      });
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
