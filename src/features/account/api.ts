/** The account calls (schemas/api/accounts.json). */
import type { ApiData } from '../../lib/api';
import { api } from '../../lib/api';
import { apiPost, type RequestOptions } from '../../lib/api-client';

const SMS_PATH = '/v3/api/phone/sms/{type}' as const;
export type SmsPurpose = 'login' | 'bind';
export type UserInfo = ApiData<'/v3/api/user/info', 'post'>;
export type LoginAnswer = ApiData<'/v3/api/login/phone/sms', 'post'>;
export type OrganiserAction = ApiData<'/v3/api/organisations/my_actions', 'get'>['actions'][number];

/** The contract's path has a `{type}` parameter, which the typed helper does not fill in: fill and type it here. */
export const sendSmsCode = (purpose: SmsPurpose, phone: string, ticket: string) =>
  apiPost<ApiData<typeof SMS_PATH, 'post'>>(
    SMS_PATH.replace('{type}', purpose),
    { phone, ticket },
    { login: purpose === 'bind', noErrorToast: true },
  );

export const phoneLogin = (phone: string, code: string) =>
  api.post('/v3/api/login/phone/sms', { phone, code }, { noErrorToast: true });

export const mailLoginCode = (email: string) =>
  api.post('/v3/api/email/code', { email }, { noErrorToast: true });

export const emailLogin = (email: string, nickname: string, code?: string) =>
  api.post(
    '/v3/api/email_anonymous_login',
    { email, ...(nickname ? { nickname } : {}), ...(code ? { code } : {}) },
    { noErrorToast: true },
  );

export const bindPhone = (phone: string, code: string) =>
  api.post('/v2/api/user/phone/bind', { phone, code }, { login: true, noErrorToast: true });

export const fetchUserInfo = (options: RequestOptions = {}) =>
  api.post('/v3/api/user/info', {}, { login: true, ...options });

export const updateUserInfo = (changes: { nickname?: string; avatar?: string }) =>
  api.post('/v2/api/user/info/update', changes, { login: true });

export const fetchSessions = () => api.get('/v3/api/user/sessions', {}, { login: true });
export const revokeSession = (id: string) => api.post('/v3/api/user/session/revoke', { id }, { login: true });
export const logout = () => api.post('/v3/api/user/logout', {}, { login: true });

/** What the viewer may do as an organiser for the event (none when the viewer is nobody's staff there). */
export const fetchOrganiserActions = (eventToken: string) =>
  api
    .get('/v3/api/organisations/my_actions', { token: eventToken }, { quiet: true, noErrorToast: true })
    .then((answer) => answer.actions);
