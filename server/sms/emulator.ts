/**
 * An emulator of the SMS provider's API (Tencent Cloud SMS, the SendSms action of version 2021-01-11), mounted at
 * /emulator/sms outside production. It stands for one account (the configured one, or the sandbox account of
 * settings.ts) with its approved signature and its verification-code template `您的登录验证码是{1}，5分钟内有效。`,
 * checks each call's TC3-HMAC-SHA256 signature as the service does, holds numbers to the provider's default limits
 * (one text per 30 s, 5 an hour, 10 a day) and answers in the provider's shape: `{ Response: { SendStatusSet,
 * RequestId } }`, or `{ Response: { Error: { Code, Message }, RequestId } }` for a refused call.
 *
 * What it sent lands in an inbox per number, kept in the shared state (one inbox whichever node sent):
 * `GET /emulator/sms/inbox?phone=` lists the texts a number received, newest first (the browser suite reads codes
 * there), and /dev/sms/last reads the last code from it. `POST /emulator/sms/control { phone, fail }` makes the next
 * text to that number fail with the provider's code `fail`: a switch aimed at one number.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { SharedState } from '../shared/state.ts';
import { e164 } from './provider.ts';
import { SMS_EMULATOR_PREFIX, type SmsSettings } from './settings.ts';
import { verifyTc3 } from './tc3.ts';

/** The template the emulated account registered; {1} is the code. */
export const EMULATOR_TEMPLATE = '您的登录验证码是{1}，5分钟内有效。';

/** The provider's default limits on one number (its console lets an account change them). */
const NUMBER_LIMITS = [
  { code: 'LimitExceeded.PhoneNumberThirtySecondLimit', max: 1, windowMs: 30_000 },
  { code: 'LimitExceeded.PhoneNumberOneHourLimit', max: 5, windowMs: 3600_000 },
  { code: 'LimitExceeded.PhoneNumberDailyLimit', max: 10, windowMs: 86_400_000 },
] as const;

const INBOX_KEPT = 10;
const INBOX_TTL_MS = 30 * 60_000;

export type ReceivedText = {
  phone: string;
  sign_name: string;
  template_id: string;
  params: string[];
  /** The text as the phone shows it: 【signature】 and the template with its parameters. */
  text: string;
  received_at: number;
};

const inboxKey = (phone: string) => `sms-emulator-inbox:${phone}`;
const failKey = (phone: string) => `sms-emulator-fail:${phone}`;

/** A mainland mobile number as the provider accepts it: E.164, 0086, 86 or 11 digits; null when it is none. */
function mainlandNumber(text: string): string | null {
  const match = /^(?:\+86|0086|86)?(1[3-9]\d{9})$/.exec(text);
  return match ? `+86${match[1]}` : null;
}

export type SmsInbox = {
  /** The texts the number received, newest first. */
  received(phone: string): Promise<ReceivedText[]>;
  /** The code of the newest text to the number, or null. */
  lastCode(phone: string): Promise<string | null>;
};

export function smsInbox(shared: SharedState): SmsInbox {
  const received = async (phone: string): Promise<ReceivedText[]> => {
    const kept = await shared.read(inboxKey(mainlandNumber(phone) ?? e164(phone)));
    return kept ? (JSON.parse(kept) as ReceivedText[]) : [];
  };
  return {
    received,
    async lastCode(phone) {
      return (await received(phone))[0]?.params[0] ?? null;
    },
  };
}

type SendSmsBody = {
  PhoneNumberSet?: unknown;
  SmsSdkAppId?: unknown;
  SignName?: unknown;
  TemplateId?: unknown;
  TemplateParamSet?: unknown;
  SessionContext?: unknown;
};

const strings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export async function smsEmulator(
  app: FastifyInstance,
  options: {
    settings: SmsSettings;
    shared: SharedState;
    /** The server's clock: the number limits and the inbox. */
    now: Clock;
    /** The provider's own clock, which signatures are checked against (the SDK signs with the machine's time). */
    providerNow: Clock;
  },
): Promise<void> {
  const { settings, shared, now } = options;

  await app.register(
    async (emulator) => {
      // The signature covers the body's bytes: the API route keeps them as they came.
      emulator.addContentTypeParser(
        ['application/json', 'text/plain'],
        { parseAs: 'buffer' },
        (_r, body, done) => done(null, body),
      );
      const api = async (request: {
        method: string;
        url: string;
        headers: Record<string, string | string[] | undefined>;
        body: unknown;
      }) => {
        const requestId = crypto.randomUUID();
        const refuse = (code: string, message: string) => ({
          Response: { Error: { Code: code, Message: message }, RequestId: requestId },
        });
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const checked = verifyTc3(
          { method: request.method, url: request.url, headers: request.headers, body },
          {
            nowS: Math.floor(options.providerNow() / 1000),
            secretKeyOf: (id) => (id === settings.secretId ? settings.secretKey : null),
          },
        );
        if ('refused' in checked)
          return refuse(checked.refused, 'The provided credentials could not be validated.');
        const action = request.headers['x-tc-action'];
        if (action !== 'SendSms')
          return refuse('InvalidAction', `The action ${String(action)} does not exist.`);
        if (request.headers['x-tc-version'] !== '2021-01-11')
          return refuse('NoSuchVersion', 'The API version does not exist.');
        let input: SendSmsBody;
        try {
          input = JSON.parse(body.toString('utf8')) as SendSmsBody;
        } catch {
          return refuse('FailedOperation.FailResolvePacket', 'The request body could not be parsed.');
        }
        const { PhoneNumberSet: phones, TemplateParamSet: params } = input;
        if (!strings(phones) || phones.length === 0)
          return refuse('MissingParameter', 'The parameter PhoneNumberSet is missing.');
        if (phones.length > 200)
          return refuse('LimitExceeded.PhoneNumberCountLimit', 'At most 200 numbers per request.');
        if (input.SmsSdkAppId !== settings.sdkAppId)
          return refuse('InvalidParameterValue.SdkAppIdNotExist', 'The SdkAppId does not exist.');
        if (input.SignName !== settings.signName)
          return refuse('FailedOperation.SignatureIncorrectOrUnapproved', 'The signature is not approved.');
        if (input.TemplateId !== settings.templateId)
          return refuse('FailedOperation.TemplateIncorrectOrUnapproved', 'The template is not approved.');
        if (!strings(params) || params.length !== 1)
          return refuse(
            'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
            'The template has one parameter.',
          );
        if (!/^\d{0,6}$/.test(params[0]))
          return refuse(
            'InvalidParameterValue.TemplateParameterFormatError',
            'A verification-code template takes 0-6 digits.',
          );
        const SendStatusSet = [];
        for (const asked of phones) {
          const phone = mainlandNumber(asked);
          const status = (code: string, message: string) => ({
            SerialNo: code === 'Ok' ? `2028:${crypto.randomBytes(9).toString('hex')}` : '',
            PhoneNumber: phone ?? asked,
            Fee: code === 'Ok' ? 1 : 0,
            SessionContext: typeof input.SessionContext === 'string' ? input.SessionContext : '',
            Code: code,
            Message: message,
            IsoCode: phone ? 'CN' : '',
          });
          if (!phone) {
            SendStatusSet.push(
              status('InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number'),
            );
            continue;
          }
          const forced = await shared.read(failKey(phone));
          if (forced) {
            await shared.put(failKey(phone), '', 1);
            SendStatusSet.push(status(forced, 'failed as the emulator was told'));
            continue;
          }
          const time = now();
          const limit = await firstFullLimit(shared, phone, time);
          if (limit) {
            SendStatusSet.push(status(limit, 'the number hit a frequency limit'));
            continue;
          }
          const text: ReceivedText = {
            phone,
            sign_name: settings.signName,
            template_id: settings.templateId,
            params,
            text: `【${settings.signName}】${EMULATOR_TEMPLATE.replace('{1}', params[0])}`,
            received_at: time,
          };
          const kept = await smsInbox(shared).received(phone);
          await shared.put(
            inboxKey(phone),
            JSON.stringify([text, ...kept].slice(0, INBOX_KEPT)),
            INBOX_TTL_MS,
          );
          SendStatusSet.push(status('Ok', 'send success'));
        }
        return { Response: { SendStatusSet, RequestId: requestId } };
      };
      // The SDK posts to the endpoint's `/`.
      emulator.post('/', (request) => api(request));
    },
    { prefix: SMS_EMULATOR_PREFIX },
  );

  const inboxSchema = {
    querystring: { type: 'object', properties: { phone: { type: 'string', maxLength: 32 } } },
  };
  app.get<{ Querystring: { phone?: string } }>(
    `${SMS_EMULATOR_PREFIX}/inbox`,
    { schema: inboxSchema },
    async (request) => ({ messages: await smsInbox(shared).received(request.query.phone ?? '') }),
  );
  const controlSchema = {
    body: {
      type: 'object',
      required: ['phone', 'fail'],
      properties: {
        phone: { type: 'string', maxLength: 32 },
        fail: { type: 'string', pattern: '^[A-Za-z]+(\\.[A-Za-z]+)*$', maxLength: 80 },
      },
    },
  };
  app.post<{ Body: { phone: string; fail: string } }>(
    `${SMS_EMULATOR_PREFIX}/control`,
    { schema: controlSchema },
    async (request) => {
      const phone = mainlandNumber(request.body.phone) ?? e164(request.body.phone);
      await shared.put(failKey(phone), request.body.fail, INBOX_TTL_MS);
      return { phone, fail: request.body.fail };
    },
  );
}

/** The first of the provider's limits the number has reached (its place is taken otherwise), or null. */
async function firstFullLimit(shared: SharedState, phone: string, time: number): Promise<string | null> {
  for (const limit of NUMBER_LIMITS)
    if (!(await shared.takePlace(`sms-emulator-${limit.windowMs}:${phone}`, limit.max, limit.windowMs, time)))
      return limit.code;
  return null;
}
