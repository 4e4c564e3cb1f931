/** Viewers: login codes, WeChat login, sessions, account pages, VIP; outside production the dev code sinks. */
import { XCODE } from '../envelope.ts';
import type { Domain } from '../services.ts';
import { devMailRoute } from './mail.ts';
import { accountHandlers } from './routes.ts';
import { smsRoutes } from '../sms/setup.ts';
import { vipHandlers } from './vip-routes.ts';

export const accounts: Domain = {
  routes: (services) => ({ ...accountHandlers(services), ...vipHandlers(services) }),
  async plugin(app, services) {
    const { settings, shared, sms } = services;
    if (settings.mode === 'production') return;
    devMailRoute(app, shared);
    await smsRoutes(app, services);
    // The code of the last text to a phone, from the SMS emulator's inbox (null with a real provider). One phone: the
    // schema refuses a repeated one.
    const schema = {
      querystring: { type: 'object', properties: { phone: { type: 'string', maxLength: 32 } } },
    };
    app.get<{ Querystring: { phone?: string } }>('/dev/sms/last', { schema }, async (request) => ({
      xcode: XCODE.ok,
      msg: 'ok',
      data: { code: (await sms.inbox?.lastCode(request.query.phone ?? '')) ?? null },
    }));
  },
};
