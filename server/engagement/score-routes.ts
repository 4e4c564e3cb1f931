/**
 * Score query calls (schemas/api/engagement.json): the form, the query (login, limited per viewer), the rank list.
 * The per-viewer limit sits here because the contract's rate limit counts per address, and many viewers can share
 * one (a venue's Wi-Fi); it is counted in the shared state, so every node counts the viewer's queries together.
 */
import { needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ApiFailure, ok, requestLocale, XCODE } from '../envelope.ts';
import { queryScore, scorePage, scoreRankList } from './score.ts';
import type { Services } from '../services.ts';

/** Queries per viewer per minute: enough to fix a typo, too few to try ID digits one by one. */
export const SCORE_QUERIES_PER_MINUTE = 5;

export function scoreQueryHandlers(services: Pick<Services, 'sql' | 'now' | 'shared'>): HandlerMap {
  const { sql, now, shared } = services;
  return {
    async scoreQueryPage(request) {
      return ok(await scorePage(sql, request.body.query_id, requestLocale(request)));
    },
    async scoreQuery(request) {
      const { userId } = await needViewer(sql, request, now());
      const allowed = await shared.takePlace(
        `score-query:${userId}`,
        SCORE_QUERIES_PER_MINUTE,
        60_000,
        now(),
      );
      if (!allowed) {
        throw new ApiFailure(XCODE.tooManyRequests, {
          'zh-CN': '查询过于频繁，请一分钟后再试',
          en: 'Too many queries, please try again in a minute',
        });
      }
      const { query_id, values } = request.body;
      return ok(await queryScore(sql, query_id, values, requestLocale(request)));
    },
    async scoreQueryRankList(request) {
      const { query_id, page = 1, page_size = 20 } = request.body;
      return ok(await scoreRankList(sql, query_id, page, page_size));
    },
  };
}
