import { deviceOf } from './device.ts';
import { normaliseEmail, sendEmailCode, verifyEmailCode } from './email-code.ts';
import { listSessions, LOGIN_EXPIRED, needViewer, requestToken, revokeSession } from './sessions.ts';
import { consumeTicket, issueChallenge, verifySlide, type TrackPoint } from './slide.ts';
import { phoneCodesOff, sendCode, verifyCode } from './sms.ts';
import type { HandlerMap } from '../contract/register.ts';
import { firstRow, prepared } from '../db/prepared.ts';
import { ApiFailure, localize, ok, requestLocale, XCODE, type LocalizedText } from '../envelope.ts';
import { audienceFigure } from '../events/audience.ts';
import { loadEvent } from '../events/routes.ts';
import { clientLoginApi, userForIdentity, WechatApiError } from './wechat-login.ts';
import type { Services } from '../services.ts';

const maskPhone = (phone: string) =>
  /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;

/** Han characters and CJK punctuation: text written in Chinese. */
const CHINESE = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
const WECHAT_LOGIN: LocalizedText = { 'zh-CN': '微信登录', en: 'WeChat login' };
const PHONE_NUMBER: LocalizedText = { 'zh-CN': '获取手机号', en: 'Getting the phone number' };

const PHONE_TAKEN = {
  'zh-CN': '该手机号已绑定其他账号',
  en: 'This phone number is bound to another account',
} as const;

const maskEmail = (email: string) => {
  const [name, domain] = email.split('@');
  return domain ? `${name.slice(0, 2)}***@${domain}` : '';
};

/** The viewer's account and membership in one read (the account page and the app's start ask for it). */
const userWithMembership = prepared((sql, p) =>
  sql
    .selectFrom('users as u')
    .leftJoin('vip_memberships as m', 'm.user_id', 'u.id')
    .select([
      'u.id',
      'u.phone',
      'u.email',
      'u.nickname',
      'u.avatar',
      'u.permissions',
      'm.expires_at as vip_until',
    ])
    .where('u.id', '=', p('user')),
);

export function accountHandlers(
  services: Pick<
    Services,
    'sql' | 'now' | 'settings' | 'shared' | 'mailer' | 'sms' | 'sessions' | 'realtime' | 'events' | 'wechat'
  >,
): HandlerMap {
  const { now, sql, sessions, realtime, events, settings } = services;
  const { codeLimits } = settings;
  const wechat = clientLoginApi(services.wechat.client);
  /**
   * Outside production the send-code calls answer the code they sent as `dev_code`, so the login form can show it
   * (the texts themselves land in the SMS emulator's inbox, mail in the local sink).
   */
  const devSms = settings.mode !== 'production';
  /** The account of a phone, created on first login (concurrent first logins meet on the unique phone). */
  const userByPhone = async (phone: string, nickname?: string): Promise<number> => {
    await sql
      .insertInto('users')
      .values({ phone, nickname: nickname || `用户${phone.slice(-4)}`, created_at: now() })
      .onConflict((conflict) => conflict.column('phone').doNothing())
      .execute();
    const row = await sql
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  /** Asks WeChat (or the sandbox); WeChat's refusals become a readable envelope. */
  async function fromWechat<T>(what: LocalizedText, ask: () => Promise<T>): Promise<T> {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof WechatApiError)
        throw new ApiFailure(XCODE.badRequest, {
          'zh-CN': `${what['zh-CN']}失败：微信返回 ${error.message}`,
          en: `${what.en} failed: WeChat says ${error.message}`,
        });
      throw new ApiFailure(XCODE.internal, {
        'zh-CN': `${what['zh-CN']}失败：无法连接微信，请重试`,
        en: `${what.en} failed: WeChat could not be reached, please retry`,
      });
    }
  }
  const phoneLogin = async ({
    phone,
    code,
    nickname,
  }: {
    phone: string;
    code: string;
    nickname?: string;
  }) => {
    await verifyCode(sql, { phone, code, purpose: 'login', now: now() });
    const userId = await userByPhone(phone, nickname);
    return ok({ token: await sessions.start(userId), user_id: userId });
  };
  /** Binds a proven phone to the viewer's account; the unique phone column settles concurrent binds. */
  const bindPhoneTo = async (userId: number, phone: string) => {
    const taken = await sql
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (taken) throw new ApiFailure(XCODE.badRequest, PHONE_TAKEN);
    try {
      await sql.updateTable('users').set({ phone }).where('id', '=', userId).execute();
    } catch {
      throw new ApiFailure(XCODE.badRequest, PHONE_TAKEN);
    }
  };

  return {
    async sendSmsCode(request, reply) {
      const { type } = request.params;
      const { phone, ticket } = request.body;
      // Both need the one-time ticket of a slide check passed for this phone (so neither can be scripted to flood a
      // number with texts); bind also needs a logged-in viewer (the watch-phone gate and the phone page).
      if (type === 'bind') await needViewer(sql, request, now());
      // A site without phone codes says so before the ticket is spent.
      if (!services.sms.sender) throw phoneCodesOff();
      await consumeTicket(sql, { ticket: ticket ?? '', phone, now: now() });
      const { resend_after, code } = await sendCode(services, {
        phone,
        purpose: type,
        ip: request.ip,
        device: deviceOf(request, reply),
        now: now(),
        limits: codeLimits,
      });
      return ok(
        { resend_after, ...(devSms ? { dev_code: code } : {}) },
        localize({ 'zh-CN': '验证码已发送', en: 'The code has been sent' }, requestLocale(request)),
      );
    },
    loginPhoneSms: (request) => phoneLogin(request.body),
    smsLogin: (request) => phoneLogin(request.body),
    async slideChallenge(request) {
      const { phone } = request.body;
      return ok(
        await issueChallenge(services, {
          phone,
          ip: request.ip,
          now: now(),
          maxPerIp: codeLimits.slidePerIp,
        }),
      );
    },
    async slideVerify(request) {
      const { challenge_id, phone } = request.body;
      // The contract holds each point to two numbers (minItems = maxItems = 2).
      const track = request.body.track.map(([position, ms]): TrackPoint => [position, ms]);
      return ok(await verifySlide(sql, { challengeId: challenge_id, phone, track, now: now() }));
    },
    async sendEmailCode(request, reply) {
      const email = normaliseEmail(request.body.email);
      const { resend_after, code } = await sendEmailCode(services, {
        email,
        ip: request.ip,
        device: deviceOf(request, reply),
        now: now(),
        locale: requestLocale(request),
        limits: codeLimits,
      });
      return ok(
        { resend_after, ...(devSms ? { dev_code: code } : {}) },
        localize({ 'zh-CN': '验证码已发送到邮箱', en: 'The code has been mailed' }, requestLocale(request)),
      );
    },
    /**
     * E-mail login. A fresh address creates a new anonymous account (the insert that wins the unique e-mail creates
     * it); an address that belongs to an account opens it only with the code mailed to that address, so knowing
     * someone's e-mail is never enough to log in as them.
     */
    async emailAnonymousLogin(request) {
      const { email, nickname, code } = request.body;
      const address = normaliseEmail(email);
      if (code) await verifyEmailCode(sql, { email: address, code, now: now() });
      const created = await sql
        .insertInto('users')
        .values({ email: address, nickname: nickname || address.split('@')[0], created_at: now() })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (created) return ok({ token: await sessions.start(created.id), user_id: created.id, created: true });
      if (!code)
        throw new ApiFailure(
          XCODE.forbidden,
          { 'zh-CN': '请输入验证码', en: 'Please enter the verification code' },
          { need_code: true },
        );
      const user = await sql
        .selectFrom('users')
        .select('id')
        .where('email', '=', address)
        .executeTakeFirstOrThrow();
      return ok({ token: await sessions.start(user.id), user_id: user.id, created: false });
    },
    async bindPhone(request) {
      const viewer = await needViewer(sql, request, now());
      const { phone, code } = request.body;
      await verifyCode(sql, { phone, code, purpose: 'bind', now: now() });
      await bindPhoneTo(viewer.userId, phone);
      return ok({ phone: maskPhone(phone) });
    },
    async userInfo(request) {
      const viewer = await needViewer(sql, request, now());
      const user = await firstRow(sql, userWithMembership, { user: viewer.userId });
      if (!user) throw new ApiFailure(XCODE.loginExpired, LOGIN_EXPIRED);
      const vipUntil = Number(user.vip_until ?? 0);
      return ok({
        user_id: user.id,
        phone: maskPhone(user.phone ?? ''),
        email: maskEmail(user.email ?? ''),
        has_phone: Boolean(user.phone),
        nickname: user.nickname,
        avatar: user.avatar,
        permissions: JSON.parse(user.permissions) as string[],
        vip_expires_at: vipUntil > now() ? vipUntil : 0,
      });
    },
    async updateUserInfo(request) {
      const viewer = await needViewer(sql, request, now());
      const { nickname, avatar } = request.body;
      if (avatar && !/^(https?:\/\/|\/(?!\/))/.test(avatar))
        throw new ApiFailure(XCODE.badRequest, {
          'zh-CN': '头像须为 http(s) 地址或站内路径',
          en: 'avatar must be an http(s) or site path',
        });
      const name = nickname?.trim();
      if (nickname !== undefined && !name)
        throw new ApiFailure(XCODE.badRequest, {
          'zh-CN': '昵称不能为空',
          en: 'The nickname cannot be empty',
        });
      const changes = { ...(name ? { nickname: name } : {}), ...(avatar ? { avatar } : {}) };
      if (Object.keys(changes).length)
        await sql.updateTable('users').set(changes).where('id', '=', viewer.userId).execute();
      return ok(null, localize({ 'zh-CN': '已保存', en: 'Saved' }, requestLocale(request)));
    },
    async sessionList(request) {
      const viewer = await needViewer(sql, request, now());
      return ok({ list: await listSessions(sql, viewer.userId, requestToken(request), now()) });
    },
    async sessionRevoke(request) {
      const viewer = await needViewer(sql, request, now());
      const revoked = await revokeSession(sql, viewer.userId, { id: request.body.id }, now());
      if (!revoked)
        throw new ApiFailure(XCODE.notFound, { 'zh-CN': '没有这个登录设备', en: 'No such session' });
      // That device's sockets go at once (by its session id: only a prefix of its token's hash is known here).
      realtime.disconnectRevoked({ userId: viewer.userId, sessionId: revoked });
      return ok(null);
    },
    async logout(request) {
      const viewer = await needViewer(sql, request, now());
      const token = requestToken(request);
      if (await revokeSession(sql, viewer.userId, { token }, now())) realtime.disconnectRevoked({ token });
      return ok(null, localize({ 'zh-CN': '已退出登录', en: 'Logged out' }, requestLocale(request)));
    },
    async collectInfoGet(request) {
      const viewer = await needViewer(sql, request, now());
      const event = await loadEvent(events, request.query.token);
      const form = await sql
        .selectFrom('info_forms')
        .select(['name', 'phone', 'company', 'position', 'remark', 'agreement'])
        .where('event_id', '=', event.id)
        .where('user_id', '=', viewer.userId)
        .executeTakeFirst();
      return ok(form ? { ...form, agreement: form.agreement === 1 } : null);
    },
    async collectInfo(request) {
      const viewer = await needViewer(sql, request, now());
      const form = request.body;
      const name = form.name?.trim() ?? '';
      const phone = form.phone?.trim() ?? '';
      const company = form.company?.trim() ?? '';
      // The app shows these two messages as they are: keep them word for word.
      if (!name || !phone)
        throw new ApiFailure(XCODE.badRequest, {
          'zh-CN': '请填写您的姓名和手机号~',
          en: 'Please fill in your name and mobile phone number~',
        });
      if (!company)
        throw new ApiFailure(XCODE.badRequest, { 'zh-CN': '请填写公司~', en: 'Please fill in the company~' });
      const event = await loadEvent(events, form.token);
      const agreed = form.agreement === true || form.agreement === 'true' || form.agreement === '1';
      const row = {
        name,
        phone,
        company,
        position: form.position ?? '',
        remark: form.remark ?? '',
        agreement: agreed ? 1 : 0,
      };
      await sql.transaction().execute(async (trx) => {
        await trx
          .insertInto('info_forms')
          .values({ event_id: event.id, user_id: viewer.userId, ...row, created_at: now() })
          .onConflict((conflict) => conflict.columns(['event_id', 'user_id']).doUpdateSet(row))
          .execute();
        await trx
          .insertInto('event_access')
          .values({ event_id: event.id, user_id: viewer.userId, gate: 'info_form', created_at: now() })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      });
      return ok(null, localize({ 'zh-CN': '已保存', en: 'Saved' }, requestLocale(request)));
    },
    async watchPhone(request) {
      const viewer = await needViewer(sql, request, now());
      await loadEvent(events, request.body.token);
      const user = await sql
        .selectFrom('users')
        .select('phone')
        .where('id', '=', viewer.userId)
        .executeTakeFirst();
      return ok({ bound: Boolean(user?.phone), phone: maskPhone(user?.phone ?? '') });
    },
    async welcomeMasses(request) {
      const event = await loadEvent(events, request.query.token);
      return ok({
        welcome: `欢迎来到「${event.title}」`,
        // Events have no English title: one written in Chinese stays out of the English line.
        welcome_en: CHINESE.test(event.title) ? 'Welcome to the live room' : `Welcome to “${event.title}”`,
        viewers: await audienceFigure(realtime, event),
      });
    },
    async wxLogin(request) {
      const { code } = request.body;
      const identity = await fromWechat(WECHAT_LOGIN, () => wechat.oauthCode(code));
      const userId = await userForIdentity(sql, identity, now(), 'web');
      return ok({ token: await sessions.start(userId), user_id: userId });
    },
    async miniWxLogin(request) {
      const { code } = request.body;
      const identity = await fromWechat(WECHAT_LOGIN, () => wechat.miniCode(code));
      const found = await userForIdentity(sql, identity, now(), 'mini');
      // The mini program's openid names one account: a concurrent first login that created another gets this one.
      const { user_id: userId } = await sql
        .insertInto('wechat_mini_accounts')
        .values({
          openid: identity.openid,
          user_id: found,
          session_key: identity.sessionKey,
          updated_at: now(),
        })
        .onConflict((conflict) =>
          conflict.column('openid').doUpdateSet({ session_key: identity.sessionKey, updated_at: now() }),
        )
        .returning('user_id')
        .executeTakeFirstOrThrow();
      const user = await sql.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst();
      return ok({
        token: await sessions.start(userId),
        user_id: userId,
        has_phone: Boolean(user?.phone),
      });
    },
    async getWxPhone(request) {
      const viewer = await needViewer(sql, request, now());
      const { code } = request.body;
      const phone = await fromWechat(PHONE_NUMBER, () => wechat.phoneCode(code));
      await bindPhoneTo(viewer.userId, phone);
      return ok({ phone: maskPhone(phone) });
    },
    miniIndex() {
      return ok({ version: '1.0.0', version_code: 100 });
    },
  };
}
