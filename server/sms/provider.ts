/**
 * Texts a login code through Tencent Cloud SMS: the provider's official SDK (`tencentcloud-sdk-nodejs-sms`, its
 * SendSms action of API version 2021-01-11) signs each call (TC3-HMAC-SHA256) and sends it to the configured
 * endpoint: the provider, or this server's emulator in development and tests. A refusal (the call's error or the
 * number's status in SendStatusSet) becomes the viewer's message, bilingual, with how long to wait when the provider
 * limits the number (`refusalFailure`); the provider's own code goes to the log.
 */
import type { Agent } from 'node:http';
import type { Client as SdkClient } from 'tencentcloud-sdk-nodejs-sms/tencentcloud/services/sms/v20210111/sms_client.js';
import { ApiFailure, XCODE, type LocalizedText } from '../envelope.ts';
import type { SmsSettings } from './settings.ts';

export type SmsSender = {
  /** Texts `code` to the phone (11 digits, or E.164); throws `SmsRefused` when it was not sent. */
  sendCode(phone: string, code: string): Promise<void>;
};

/** The provider did not send: its error code (`LimitExceeded.PhoneNumberOneHourLimit`...), or `Unreachable`. */
export class SmsRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/** A Chinese mobile number of 11 digits as E.164 (+86...); anything else is handed over as it is. */
export const e164 = (phone: string) => (/^1\d{10}$/.test(phone) ? `+86${phone}` : phone);

/**
 * The provider's client for these settings. `agent` carries the SDK's connections (the emulator of this server is
 * reached in process that way); without it the SDK connects to the endpoint itself.
 */
export function providerSender(settings: SmsSettings, options: { agent?: Agent } = {}): SmsSender {
  // The SDK is loaded with the first text rather than at every start (it brings its own HTTP stack).
  let client: Promise<SdkClient> | undefined;
  const load = () =>
    (client ??= import('tencentcloud-sdk-nodejs-sms/tencentcloud/services/sms/v20210111/sms_client.js').then(
      ({ Client }) =>
        new Client({
          credential: { secretId: settings.secretId, secretKey: settings.secretKey },
          region: settings.region,
          profile: {
            httpProfile: {
              endpoint: settings.endpoint.host,
              protocol: settings.endpoint.protocol,
              // A viewer waits on the answer: a provider that does not answer within 10 s is reported as down.
              reqTimeout: 10,
              agent: options.agent,
            },
          },
        }),
    ));
  return {
    async sendCode(phone, code) {
      let answer;
      try {
        answer = await (
          await load()
        ).SendSms({
          PhoneNumberSet: [e164(phone)],
          SmsSdkAppId: settings.sdkAppId,
          SignName: settings.signName,
          TemplateId: settings.templateId,
          TemplateParamSet: [code],
        });
      } catch (error) {
        const { code: refusal, message } = error as { code?: unknown; message?: unknown };
        throw new SmsRefused(
          typeof refusal === 'string' && refusal ? refusal : 'Unreachable',
          String(message),
        );
      }
      const status = answer.SendStatusSet?.[0];
      if (status?.Code !== 'Ok')
        throw new SmsRefused(status?.Code || 'FailedOperation', status?.Message ?? 'no send status');
    },
  };
}

const DAY_MS = 86_400_000;
/** China Standard Time (UTC+8), where the provider's daily limits reset at midnight. */
const CST_OFFSET_MS = 8 * 3600_000;

/** Seconds from `now` to the next midnight in China. */
const secondsToChinaMidnight = (now: number) => Math.ceil((DAY_MS - ((now + CST_OFFSET_MS) % DAY_MS)) / 1000);

const SEND_FAILED: LocalizedText = {
  'zh-CN': '短信发送失败，请稍后再试',
  en: 'The text could not be sent, please retry later',
};

/**
 * The viewer's answer to a refusal: the provider's limits on a number (30 s, an hour, a day) answer 429 with
 * `resend_after`, at least `minWaitS` (this server's own wait before another code to the number); a number the
 * provider cannot text answers 400; anything else (the account's set-up, the provider down) 500.
 */
export function refusalFailure(refusal: SmsRefused, options: { now: number; minWaitS: number }): ApiFailure {
  const wait = (seconds: number) => Math.max(seconds, options.minWaitS);
  const limited = (seconds: number, texts: LocalizedText) =>
    new ApiFailure(XCODE.tooManyRequests, texts, { resend_after: seconds });
  switch (refusal.code) {
    case 'LimitExceeded.PhoneNumberThirtySecondLimit':
    case 'LimitExceeded.DeliveryFrequencyLimit': {
      const seconds = wait(30);
      return limited(seconds, {
        'zh-CN': `该手机号接收短信过于频繁，请 ${seconds} 秒后再试`,
        en: `This number has just been texted, please retry in ${seconds} s`,
      });
    }
    case 'LimitExceeded.PhoneNumberOneHourLimit':
      return limited(wait(3600), {
        'zh-CN': '该手机号 1 小时内接收的短信已达上限，请 1 小时后再试',
        en: 'This number has received its texts for the hour, please retry in an hour',
      });
    case 'LimitExceeded.PhoneNumberDailyLimit':
    case 'LimitExceeded.PhoneNumberSameContentDailyLimit':
      return limited(wait(secondsToChinaMidnight(options.now)), {
        'zh-CN': '该手机号今天接收的短信已达上限，请明天再试',
        en: 'This number has received its texts for today, please retry tomorrow',
      });
    case 'InvalidParameterValue.IncorrectPhoneNumber':
      return new ApiFailure(XCODE.badRequest, {
        'zh-CN': '手机号码不正确，请检查后重试',
        en: 'This phone number is not valid, please check it',
      });
    case 'FailedOperation.PhoneNumberInBlacklist':
      return new ApiFailure(XCODE.badRequest, {
        'zh-CN': '该手机号无法接收短信（已退订或被运营商拦截）',
        en: 'This number cannot receive texts (unsubscribed or blocked by the carrier)',
      });
    default:
      return new ApiFailure(XCODE.internal, SEND_FAILED);
  }
}
