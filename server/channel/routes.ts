/**
 * The channel home's calls (schemas/api/channel.json): the channel, a category's videos, organiser HTML, follow and
 * unfollow, and title search. Anonymous viewers read everything; following needs a login.
 */
import type { FastifyRequest } from 'fastify';
import { ok } from '../envelope.ts';
import { findViewer, needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import {
  categoryVideos,
  channelCategories,
  channelHtml,
  findChannel,
  isFollowing,
  liveVideos,
  searchVideos,
  setFollowing,
  videosByIds,
} from './channel.ts';
import { titleSearch } from '../events/title-search.ts';
import type { Services } from '../services.ts';

const LIVE_LIMIT = 10;

function paging(query: { page?: number; page_size?: number }) {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  return { page, pageSize, offset: (page - 1) * pageSize, limit: pageSize };
}

function paged<T>(list: T[], total: number, page: number, pageSize: number) {
  return { list, total, page, page_size: pageSize, has_more: page * pageSize < total };
}

export function channelHandlers(services: Pick<Services, 'sql' | 'now' | 'caches'>): HandlerMap {
  const { sql, now } = services;
  const search = titleSearch(services);
  const follow = async (request: FastifyRequest, channelToken: string, value: boolean) => {
    const viewer = await needViewer(sql, request, now());
    const channel = await findChannel(sql, channelToken);
    return ok(await setFollowing(sql, channel.id, viewer.userId, value, Math.floor(now() / 1000)));
  };

  return {
    async channelHome(request) {
      const viewer = await findViewer(sql, request, now());
      const channel = await findChannel(sql, request.query.channel_token);
      const [categories, lives, followed] = await Promise.all([
        channelCategories(sql, channel.id),
        liveVideos(sql, channel.id, LIVE_LIMIT),
        viewer ? isFollowing(sql, channel.id, viewer.userId) : false,
      ]);
      return ok({
        user_id: channel.owner_id,
        token: channel.token,
        title: channel.title,
        intro: channel.intro,
        color_code: channel.color_code,
        logo: channel.logo,
        cover: channel.cover,
        followers: channel.followers,
        followed,
        official: channel.official_name
          ? { name: channel.official_name, qrcode: channel.official_qr, intro: channel.official_intro }
          : null,
        categories,
        live: lives[0] ?? null,
        lives,
      });
    },

    async channelCategoryVideos(request) {
      const input = request.query;
      const channel = await findChannel(sql, input.channel_token);
      const { page, pageSize, offset, limit } = paging(input);
      const { list, total } = await categoryVideos(sql, channel.id, input.category_id, { offset, limit });
      return ok(paged(list, total, page, pageSize));
    },

    async channelHtml(request) {
      const channel = await findChannel(sql, request.query.channel_token);
      return ok({ html: await channelHtml(sql, channel.id, 0) });
    },

    async channelCategoryHtml(request) {
      const input = request.query;
      const channel = await findChannel(sql, input.channel_token);
      return ok({ html: input.category_id ? await channelHtml(sql, channel.id, input.category_id) : '' });
    },

    channelFollow: (request) => follow(request, request.body.channel_token, true),
    channelUnfollow: (request) => follow(request, request.body.channel_token, false),

    async channelSearch(request) {
      const input = request.query;
      const channel = await findChannel(sql, input.channel_token);
      const { page, pageSize, offset, limit } = paging(input);
      const { eventIds, total } = await searchVideos(sql, search, channel.id, input.keyword, {
        offset,
        limit,
      });
      return ok(paged(await videosByIds(sql, eventIds), total, page, pageSize));
    },
  };
}
