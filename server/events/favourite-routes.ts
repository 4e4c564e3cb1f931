/**
 * Favourites: videos (events, by token) and contest players (`<contest id>:<player id>`) a viewer saved. Saving is
 * idempotent (unique viewer + kind + target; saving twice keeps one row), removing twice is fine; the list pages by
 * id, newest first. Title and cover are taken when saved, so the list needs no join across domains.
 */
import { needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { RequestBody } from '../contract/types.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import type { Services } from '../services.ts';

/** A video (event token) or a contest player (`<contest id>:<player id>`). */
type Target = RequestBody<'favouriteSave'>;

const NOT_FOUND = { 'zh-CN': '没有找到要收藏的内容', en: 'Nothing to save there' } as const;

export function favouriteHandlers(services: Pick<Services, 'sql' | 'now'>): HandlerMap {
  const { sql, now } = services;
  /** What is being saved, with its title and cover, or a 404. */
  async function describe({ kind, target }: Target): Promise<{ title: string; cover: string }> {
    if (kind === 'video') {
      const event = await sql
        .selectFrom('events')
        .select(['title', 'cover'])
        .where('token', '=', target)
        .executeTakeFirst();
      if (!event) throw new ApiFailure(XCODE.notFound, NOT_FOUND);
      return event;
    }
    const [contest, player] = target.split(':').map(Number);
    if (!Number.isInteger(contest) || !Number.isInteger(player))
      throw new ApiFailure(XCODE.notFound, NOT_FOUND);
    const row = await sql
      .selectFrom('players')
      .select(['name', 'photo'])
      .where('id', '=', player)
      .where('contest_id', '=', contest)
      .executeTakeFirst();
    if (!row) throw new ApiFailure(XCODE.notFound, NOT_FOUND);
    return { title: row.name, cover: row.photo };
  }

  return {
    async favouriteList(request) {
      const viewer = await needViewer(sql, request, now());
      const { kind, page = 1, page_size = 20 } = request.query;
      const [rows, total] = await Promise.all([
        sql
          .selectFrom('favourites')
          .select(['kind', 'target', 'title', 'cover', 'created_at'])
          .where('user_id', '=', viewer.userId)
          .where('kind', '=', kind)
          .orderBy('id', 'desc')
          .limit(page_size)
          .offset((page - 1) * page_size)
          .execute(),
        sql
          .selectFrom('favourites')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', viewer.userId)
          .where('kind', '=', kind)
          .executeTakeFirst(),
      ]);
      const count = Number(total?.count ?? 0);
      return ok({
        list: rows.map((row) => ({ ...row, kind, created_at: Number(row.created_at) })),
        total: count,
        page,
        page_size,
        has_more: page * page_size < count,
      });
    },
    async favouriteStatus(request) {
      const viewer = await needViewer(sql, request, now());
      const { kind, target } = request.query;
      const row = await sql
        .selectFrom('favourites')
        .select('id')
        .where('user_id', '=', viewer.userId)
        .where('kind', '=', kind)
        .where('target', '=', target)
        .executeTakeFirst();
      return ok({ saved: Boolean(row) });
    },
    async favouriteSave(request) {
      const viewer = await needViewer(sql, request, now());
      const item = request.body;
      const { title, cover } = await describe(item);
      await sql
        .insertInto('favourites')
        .values({
          user_id: viewer.userId,
          kind: item.kind,
          target: item.target,
          title,
          cover,
          created_at: now(),
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'target']).doNothing())
        .execute();
      return ok({ saved: true });
    },
    async favouriteRemove(request) {
      const viewer = await needViewer(sql, request, now());
      const { kind, target } = request.body;
      await sql
        .deleteFrom('favourites')
        .where('user_id', '=', viewer.userId)
        .where('kind', '=', kind)
        .where('target', '=', target)
        .execute();
      return ok({ saved: false });
    },
  };
}
