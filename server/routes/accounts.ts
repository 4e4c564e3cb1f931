import type { FastifyRequest } from 'fastify';
import { createSession, requireViewer } from '../auth/sessions.ts';
import { sendCode, verifyCode } from '../auth/sms.ts';
import type { HandlerMap } from '../contract/register.ts';
import type { Db } from '../db/database.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import { findEvent } from './video.ts';
import { WechatApiError, type WechatIdentity, type WechatLoginApi } from '../auth/wechat-login.ts';

const maskPhone = (phone: string) =>
  /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;

type Options = { devSms: boolean; now: () => number; wechat: WechatLoginApi };

export function accountHandlers(db: Db, options: Options): HandlerMap {
  const { now } = options;
  const userByPhone = (phone: string, nickname?: string): number => {
    db.prepare(
      'INSERT INTO users (phone, nickname, created_at) VALUES (?, ?, ?) ON CONFLICT(phone) DO NOTHING',
    ).run(phone, nickname || `用户${phone.slice(-4)}`, now());
    return (
      db.prepare<[string], { id: number }>('SELECT id FROM users WHERE phone = ?').get(phone) as {
        id: number;
      }
    ).id;
  };
  /** Asks WeChat (or the sandbox); WeChat's refusals become a readable envelope. */
  async function fromWechat<T>(what: string, ask: () => Promise<T>): Promise<T> {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof WechatApiError)
        throw new ApiFailure(XCODE.badRequest, `${what} failed: WeChat says ${error.message}`);
      throw new ApiFailure(XCODE.internal, `${what} failed: WeChat could not be reached, please retry`);
    }
  }
  /** The viewer behind a WeChat identity: by unionid (same person across the operator's apps), else created. */
  const userForIdentity = (identity: WechatIdentity, find: () => number | undefined): number =>
    db.transaction(() => {
      const known =
        find() ??
        (identity.unionid
          ? db
              .prepare<[string], { id: number }>('SELECT id FROM users WHERE unionid = ?')
              .get(identity.unionid)?.id
          : undefined);
      if (known !== undefined) {
        db.prepare(
          `UPDATE users SET unionid = COALESCE(unionid, ?),
             nickname = CASE WHEN nickname = '' THEN ? ELSE nickname END,
             avatar = CASE WHEN avatar = '' THEN ? ELSE avatar END WHERE id = ?`,
        ).run(identity.unionid ?? null, identity.nickname ?? '', identity.avatar ?? '', known);
        return known;
      }
      return Number(
        db
          .prepare('INSERT INTO users (unionid, nickname, avatar, created_at) VALUES (?, ?, ?, ?)')
          .run(identity.unionid ?? null, identity.nickname || 'WeChat user', identity.avatar ?? '', now())
          .lastInsertRowid,
      );
    })();
  const phoneLogin = (request: FastifyRequest) => {
    const { phone, code, nickname } = request.body as { phone: string; code: string; nickname?: string };
    verifyCode(db, { phone, code, purpose: 'login', now: now() });
    const userId = userByPhone(phone, nickname);
    return ok({ token: createSession(db, userId, now()), user_id: userId });
  };

  return {
    sendSmsCode(request) {
      const { type } = request.params as { type: 'login' | 'bind' };
      const { phone } = request.body as { phone: string };
      const { resend_after } = sendCode(db, {
        phone,
        purpose: type,
        ip: request.ip,
        now: now(),
        keepForDev: options.devSms,
      });
      return ok({ resend_after }, 'The code has been sent');
    },
    loginPhoneSms: phoneLogin,
    smsLogin: phoneLogin,
    emailAnonymousLogin(request) {
      const { email, nickname } = request.body as { email: string; nickname?: string };
      const address = email.trim().toLowerCase();
      db.prepare(
        'INSERT INTO users (email, nickname, created_at) VALUES (?, ?, ?) ON CONFLICT(email) DO NOTHING',
      ).run(address, nickname || address.split('@')[0], now());
      const { id } = db
        .prepare<[string], { id: number }>('SELECT id FROM users WHERE email = ?')
        .get(address) as { id: number };
      return ok({ token: createSession(db, id, now()), user_id: id });
    },
    bindPhone(request) {
      const viewer = requireViewer(db, request);
      const { phone, code } = request.body as { phone: string; code: string };
      verifyCode(db, { phone, code, purpose: 'bind', now: now() });
      const taken = db
        .prepare<[string, number], { id: number }>('SELECT id FROM users WHERE phone = ? AND id != ?')
        .get(phone, viewer.userId);
      if (taken) throw new ApiFailure(XCODE.badRequest, 'This phone number is bound to another account');
      db.prepare('UPDATE users SET phone = ? WHERE id = ?').run(phone, viewer.userId);
      return ok({ phone: maskPhone(phone) });
    },
    userInfo(request) {
      const viewer = requireViewer(db, request);
      const user = db
        .prepare<
          [number],
          { id: number; phone: string | null; nickname: string; avatar: string; permissions: string }
        >('SELECT id, phone, nickname, avatar, permissions FROM users WHERE id = ?')
        .get(viewer.userId);
      if (!user) throw new ApiFailure(XCODE.loginExpired, 'Login expired, please log in again');
      return ok({
        user_id: user.id,
        phone: maskPhone(user.phone ?? ''),
        nickname: user.nickname,
        avatar: user.avatar,
        permissions: JSON.parse(user.permissions) as string[],
      });
    },
    updateUserInfo(request) {
      const viewer = requireViewer(db, request);
      const { nickname, avatar } = request.body as { nickname?: string; avatar?: string };
      if (avatar && !/^(https?:\/\/|\/)/.test(avatar))
        throw new ApiFailure(XCODE.badRequest, 'avatar must be an http(s) or site path');
      db.prepare(
        'UPDATE users SET nickname = COALESCE(?, nickname), avatar = COALESCE(?, avatar) WHERE id = ?',
      ).run(nickname ?? null, avatar ?? null, viewer.userId);
      return ok(null, 'Saved');
    },
    collectInfo(request) {
      const viewer = requireViewer(db, request);
      const form = request.body as {
        token: string;
        name?: string;
        phone?: string;
        company?: string;
        position?: string;
        remark?: string;
        agreement?: boolean | string;
      };
      const name = form.name?.trim() ?? '';
      const phone = form.phone?.trim() ?? '';
      const company = form.company?.trim() ?? '';
      // The spec's two messages, word for word.
      if (!name || !phone)
        throw new ApiFailure(XCODE.badRequest, 'Please fill in your name and mobile phone number~');
      if (!company) throw new ApiFailure(XCODE.badRequest, 'Please fill in the company~');
      const event = findEvent(db, form.token);
      const agreed = form.agreement === true || form.agreement === 'true' || form.agreement === '1';
      db.transaction(() => {
        db.prepare(
          `INSERT INTO info_forms (event_id, user_id, name, phone, company, position, remark, agreement, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(event_id, user_id) DO UPDATE SET name = excluded.name, phone = excluded.phone,
             company = excluded.company, position = excluded.position, remark = excluded.remark, agreement = excluded.agreement`,
        ).run(
          event.id,
          viewer.userId,
          name,
          phone,
          company,
          form.position ?? '',
          form.remark ?? '',
          agreed ? 1 : 0,
          now(),
        );
        db.prepare(
          `INSERT OR IGNORE INTO event_access (event_id, user_id, gate, created_at) VALUES (?, ?, 'info_form', ?)`,
        ).run(event.id, viewer.userId, now());
      })();
      return ok(null, 'Saved');
    },
    watchPhone(request) {
      const viewer = requireViewer(db, request);
      findEvent(db, (request.body as { token: string }).token);
      const user = db
        .prepare<[number], { phone: string | null }>('SELECT phone FROM users WHERE id = ?')
        .get(viewer.userId);
      return ok({ bound: Boolean(user?.phone), phone: maskPhone(user?.phone ?? '') });
    },
    welcomeMasses(request) {
      const event = findEvent(db, (request.query as { token: string }).token);
      return ok({ welcome: `欢迎来到「${event.title}」`, viewers: event.views });
    },
    complain(request) {
      const { token, reason, content } = request.body as { token: string; reason: string; content?: string };
      const event = findEvent(db, token);
      let userId: number | null = null;
      try {
        userId = requireViewer(db, request).userId;
      } catch {
        // Complaints may be anonymous.
      }
      db.prepare(
        'INSERT INTO complaints (event_id, user_id, reason, content, created_at) VALUES (?, ?, ?, ?, ?)',
      ).run(event.id, userId, reason, content ?? '', now());
      return ok(null, 'Thank you, we will look into it');
    },
    async wxLogin(request) {
      const { code } = request.body as { code: string };
      const identity = await fromWechat('WeChat login', () => options.wechat.oauthCode(code));
      const userId = userForIdentity(
        identity,
        () =>
          db.prepare<[string], { id: number }>('SELECT id FROM users WHERE openid = ?').get(identity.openid)
            ?.id,
      );
      db.prepare('UPDATE users SET openid = COALESCE(openid, ?) WHERE id = ?').run(identity.openid, userId);
      return ok({ token: createSession(db, userId, now()), user_id: userId });
    },
    async miniWxLogin(request) {
      const { code } = request.body as { code: string };
      const identity = await fromWechat('WeChat login', () => options.wechat.miniCode(code));
      const userId = userForIdentity(
        identity,
        () =>
          db
            .prepare<[string], { user_id: number }>(
              'SELECT user_id FROM wechat_mini_accounts WHERE openid = ?',
            )
            .get(identity.openid)?.user_id,
      );
      db.prepare(
        `INSERT INTO wechat_mini_accounts (openid, user_id, session_key, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(openid) DO UPDATE SET session_key = excluded.session_key, updated_at = excluded.updated_at`,
      ).run(identity.openid, userId, identity.sessionKey, now());
      const phone = db
        .prepare<[number], { phone: string | null }>('SELECT phone FROM users WHERE id = ?')
        .get(userId);
      return ok({
        token: createSession(db, userId, now()),
        user_id: userId,
        has_phone: Boolean(phone?.phone),
      });
    },
    async getWxPhone(request) {
      const viewer = requireViewer(db, request, now());
      const { code } = request.body as { code: string };
      const phone = await fromWechat('Getting the phone number', () => options.wechat.phoneCode(code));
      const taken = db
        .prepare<[string, number], { id: number }>('SELECT id FROM users WHERE phone = ? AND id != ?')
        .get(phone, viewer.userId);
      if (taken) throw new ApiFailure(XCODE.badRequest, 'This phone number is bound to another account');
      db.prepare('UPDATE users SET phone = ? WHERE id = ?').run(phone, viewer.userId);
      return ok({ phone: maskPhone(phone) });
    },
    miniIndex() {
      return ok({ version: '1.0.0', version_code: 100 });
    },
  };
}
