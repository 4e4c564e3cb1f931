import QRCode from 'qrcode';
import type { FastifyReply } from 'fastify';
import type { HandlerMap } from '../contract/register.ts';
import { ApiFailure, XCODE } from '../envelope.ts';
import { viaWechat } from '../wechat/pay.ts';
import type { Services } from '../services.ts';

/** A mini-program scene: at most 32 visible characters (WeChat's limit). */
function sceneOf(params: Record<string, string | undefined>): string {
  const scene = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  if (scene.length > 32 || !/^[\w!#$&'()*+,/:;=?@.~%-]*$/.test(scene))
    throw new ApiFailure(XCODE.badRequest, {
      'zh-CN': '小程序码参数过长（最多 32 个字符）',
      en: 'Mini-program code parameters are too long (32 characters at most)',
    });
  return scene;
}

/**
 * The four QR calls. With a mini program configured (WECHAT_MINI_APP_ID/SECRET): mini-program codes from
 * `wxa/getwxacodeunlimit` (scene + page), cached per page and scene. Without one: PNG QR codes of links into the
 * H5 app at the public origin. The inviter rides along when known.
 */
export function qrcodeHandlers(services: Pick<Services, 'settings' | 'wechat'>): HandlerMap {
  const { publicOrigin } = services.settings;
  const mini = services.wechat.credentials.miniAppId ? services.wechat : undefined;
  const miniCode = async (reply: FastifyReply, page: string, scene: string) => {
    const rt = mini!;
    const key = `${page}?${scene}`;
    const cached = await rt.sql
      .selectFrom('wechat_mini_codes')
      .select('png_base64')
      .where('cache_key', '=', key)
      .executeTakeFirst();
    let image: Buffer;
    if (cached) image = Buffer.from(cached.png_base64, 'base64');
    else {
      image = await viaWechat(rt, 'mini-program code', () => rt.client.miniProgramCode(scene, page));
      await rt.sql
        .insertInto('wechat_mini_codes')
        .values({ cache_key: key, png_base64: image.toString('base64'), created_at: rt.now() })
        .onConflict((conflict) => conflict.column('cache_key').doNothing())
        .execute();
    }
    return reply
      .type('image/png')
      .header('Cache-Control', 'public, max-age=86400')
      .header('X-Mini-Program-Page', page)
      .header('X-Mini-Program-Scene', scene)
      .send(image);
  };
  const appLink = (path: string, params: Record<string, string | undefined>) => {
    const query = new URLSearchParams(
      Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    return `${publicOrigin}/livev3/#${path}${query.size ? `?${query}` : ''}`;
  };
  const png = async (reply: FastifyReply, link: string) => {
    const image = await QRCode.toBuffer(link, {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 360,
    });
    return reply
      .type('image/png')
      .header('Cache-Control', 'public, max-age=3600')
      .header('X-QR-Link', link)
      .send(image);
  };
  return {
    qrcodeVote: ({ query }, reply) =>
      mini
        ? miniCode(
            reply,
            'pages/jinrizhixing/index',
            sceneOf({ v: query.vote_id, p: query.player_id, i: query.inviteId }),
          )
        : png(
            reply,
            appLink('/pages/jinrizhixing/index', {
              vote_id: query.vote_id,
              player_id: query.player_id,
              inviteId: query.inviteId,
            }),
          ),
    qrcodeChannel: ({ query }, reply) =>
      mini
        ? miniCode(reply, 'pages/channel/index', sceneOf({ c: query.channel_token, i: query.inviteId }))
        : png(
            reply,
            appLink('/pages/channel/index', { channelToken: query.channel_token, inviteId: query.inviteId }),
          ),
    qrcodeVideo: ({ query }, reply) =>
      mini
        ? miniCode(reply, 'pages/home/index', sceneOf({ t: query.token, i: query.inviteId }))
        : png(reply, appLink('/pages/home/index', { token: query.token, inviteId: query.inviteId })),
    qrcodeParam({ query }, reply) {
      const { path } = query;
      // Only in-app routes: a QR code must never point elsewhere.
      if (!/^\/(pages\/[\w/-]+)?$/.test(path))
        throw new ApiFailure(XCODE.badRequest, {
          'zh-CN': 'path 必须是应用内的页面，例如 /pages/home/index',
          en: 'path must be an in-app route such as /pages/home/index',
        });
      if (mini)
        return miniCode(
          reply,
          path === '/' ? 'pages/home/index' : path.slice(1),
          sceneOf({ s: query.scene, i: query.inviteId }),
        );
      return png(reply, appLink(path, { scene: query.scene, inviteId: query.inviteId }));
    },
  };
}
