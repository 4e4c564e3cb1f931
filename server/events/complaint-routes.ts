/**
 * Complaints (POST /v2/api/complain): about a video (event token), a contest player (`<contest id>:<player id>`) or
 * a chat line (message id), with a reason from the list, a description and up to MAX_IMAGES uploaded images. A
 * logged-in viewer files at most one complaint per target per China Standard Time day (a unique constraint, so
 * concurrent repeats count once).
 */
import { needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ApiFailure, localize, ok, requestLocale, XCODE } from '../envelope.ts';
import type { Services } from '../services.ts';

export const MAX_IMAGES = 6;
const CST_OFFSET_MS = 8 * 3600 * 1000;
const cstDay = (ms: number) => Math.floor((ms + CST_OFFSET_MS) / 86_400_000);

export const COMPLAINT_REASONS = [
  { key: 'porn', 'zh-CN': '色情低俗', en: 'Pornographic or vulgar' },
  { key: 'politics', 'zh-CN': '政治敏感', en: 'Politically sensitive' },
  { key: 'fraud', 'zh-CN': '欺诈骗钱', en: 'Fraud or scam' },
  { key: 'harassment', 'zh-CN': '侮辱谩骂', en: 'Insults or harassment' },
  { key: 'rumour', 'zh-CN': '谣言', en: 'False information' },
  { key: 'infringement', 'zh-CN': '侵权', en: 'Infringement' },
  { key: 'other', 'zh-CN': '其他', en: 'Other' },
] as const;

const NO_TARGET = { 'zh-CN': '没有找到投诉对象', en: 'Nothing to complain about there' } as const;

export function complaintHandlers(services: Pick<Services, 'sql' | 'now'>): HandlerMap {
  const { sql, now } = services;
  async function targetExists(kind: 'video' | 'player' | 'chat', target: string): Promise<boolean> {
    if (kind === 'video')
      return Boolean(
        await sql.selectFrom('events').select('id').where('token', '=', target).executeTakeFirst(),
      );
    const parts = target.split(':').map(Number);
    if (kind === 'player') {
      const [contest, player] = parts;
      if (!Number.isInteger(contest) || !Number.isInteger(player)) return false;
      return Boolean(
        await sql
          .selectFrom('players')
          .select('id')
          .where('id', '=', player)
          .where('contest_id', '=', contest)
          .executeTakeFirst(),
      );
    }
    if (!Number.isInteger(parts[0])) return false;
    return Boolean(
      await sql.selectFrom('chat_messages').select('id').where('id', '=', parts[0]).executeTakeFirst(),
    );
  }

  return {
    complaintReasons(request) {
      const locale = requestLocale(request);
      return ok({
        reasons: COMPLAINT_REASONS.map((reason) => ({ key: reason.key, label: reason[locale] })),
        max_images: MAX_IMAGES,
      });
    },
    async complain(request) {
      const viewer = await needViewer(sql, request, now());
      const { body } = request;
      const kind = body.target_kind ?? 'video';
      const target = body.target ?? body.token ?? '';
      if (!COMPLAINT_REASONS.some((reason) => reason.key === body.reason))
        throw new ApiFailure(XCODE.badRequest, { 'zh-CN': '请选择投诉原因', en: 'Please choose a reason' });
      if (!target || !(await targetExists(kind, target))) throw new ApiFailure(XCODE.notFound, NO_TARGET);
      const images = body.images ?? [];
      if (images.some((url) => !/^(https?:\/\/|\/(?!\/))/.test(url)))
        throw new ApiFailure(XCODE.badRequest, {
          'zh-CN': '图片地址无效',
          en: 'An image address is not valid',
        });
      const filed = await sql
        .insertInto('complaint_reports')
        .values({
          user_id: viewer.userId,
          target_kind: kind,
          target,
          reason: body.reason,
          content: body.content?.trim() ?? '',
          images: JSON.stringify(images),
          day: cstDay(now()),
          created_at: now(),
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'target_kind', 'target', 'day']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!filed)
        throw new ApiFailure(XCODE.tooManyRequests, {
          'zh-CN': '今天已经投诉过了，我们会尽快处理',
          en: 'You already complained about this today; we are looking into it',
        });
      return ok(
        null,
        localize(
          { 'zh-CN': '感谢反馈，我们会尽快处理', en: 'Thank you, we will look into it' },
          requestLocale(request),
        ),
      );
    },
  };
}
