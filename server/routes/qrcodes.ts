import QRCode from 'qrcode';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HandlerMap } from '../contract/register.ts';
import { ApiFailure, XCODE } from '../envelope.ts';

/** Real PNG QR codes encoding links into the app, at the public origin. The inviter rides along when known. */
export function qrcodeHandlers(publicOrigin: string): HandlerMap {
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
  const query = (request: FastifyRequest) => request.query as Record<string, string | undefined>;
  return {
    qrcodeVote: (request, reply) =>
      png(
        reply,
        appLink('/pages/jinrizhixing/index', {
          vote_id: query(request).vote_id,
          player_id: query(request).player_id,
          inviteId: query(request).inviteId,
        }),
      ),
    qrcodeChannel: (request, reply) =>
      png(
        reply,
        appLink('/pages/channel/index', {
          channelToken: query(request).channel_token,
          inviteId: query(request).inviteId,
        }),
      ),
    qrcodeVideo: (request, reply) =>
      png(
        reply,
        appLink('/pages/home/index', { token: query(request).token, inviteId: query(request).inviteId }),
      ),
    qrcodeParam(request, reply) {
      const path = query(request).path ?? '';
      // Only in-app routes: a QR code must never point elsewhere.
      if (!/^\/(pages\/[\w/-]+)?$/.test(path))
        throw new ApiFailure(XCODE.badRequest, 'path must be an in-app route such as /pages/home/index');
      return png(reply, appLink(path, { scene: query(request).scene, inviteId: query(request).inviteId }));
    },
  };
}
