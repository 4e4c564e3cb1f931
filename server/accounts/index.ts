/** Viewers: login codes, WeChat login, sessions, account pages, VIP; outside production the dev code sinks. */
import { XCODE } from '../envelope.ts';
import type { Domain } from '../services.ts';
import { devMailRoute } from './mail.ts';
import { accountHandlers } from './routes.ts';
import { lastDevCode } from './sms.ts';
import { vipHandlers } from './vip-routes.ts';

export const accounts: Domain = {
  routes: (services) => ({ ...accountHandlers(services), ...vipHandlers(services) }),
  plugin(app, { settings, shared }) {
    if (settings.mode === 'production') return;
    devMailRoute(app, shared);
    // The last code sent to a phone (no SMS gateway is wired locally). One phone: the schema refuses a repeated one.
    const schema = {
      querystring: { type: 'object', properties: { phone: { type: 'string', maxLength: 32 } } },
    };
    app.get<{ Querystring: { phone?: string } }>('/dev/sms/last', { schema }, async (request) => ({
      xcode: XCODE.ok,
      msg: 'ok',
      data: { code: await lastDevCode(shared, request.query.phone ?? '') },
    }));
  },
};
