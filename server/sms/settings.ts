/**
 * The SMS settings (server/README.md, Settings): phone codes are texted through Tencent Cloud SMS. Five settings name
 * the account and what it registered (the API key pair, the SdkAppId, the approved signature and the approved
 * template of one `{1}` parameter); SMS_REGION and SMS_ENDPOINT say where the SDK sends. Without any of them, outside
 * production, the provider's emulator on this server stands in (server/sms/emulator.ts) with an account made up
 * here. In production phone codes need the five: the start is refused without them, unless PHONE_CODES=off turns
 * phone codes off (the send-code call then says so). A partial set stops the start in any mode.
 */

export type SmsSettings = {
  /** SMS_SECRET_ID, SMS_SECRET_KEY: the API key pair that signs each call (TC3-HMAC-SHA256). */
  secretId: string;
  secretKey: string;
  /** SMS_SDK_APP_ID: the SMS application's SdkAppId (digits, e.g. 1400006666). */
  sdkAppId: string;
  /** SMS_SIGN_NAME: the approved signature, shown as 【signature】 before the text. */
  signName: string;
  /** SMS_TEMPLATE_ID: the approved verification-code template, whose one parameter {1} is the code. */
  templateId: string;
  /** SMS_REGION: the API's region (default ap-guangzhou). */
  region: string;
  /** SMS_ENDPOINT: where the SDK sends (default the provider's API host over https). */
  endpoint: { protocol: 'https://' | 'http://'; host: string };
  /** True when no SMS settings are set outside production: this server's emulator, reached in process. */
  sandbox: boolean;
};

/** Where the emulator is mounted on this server (never in production). */
export const SMS_EMULATOR_PREFIX = '/emulator/sms';
export const SMS_API_HOST = 'sms.tencentcloudapi.com';

const REQUIRED = [
  'SMS_SECRET_ID',
  'SMS_SECRET_KEY',
  'SMS_SDK_APP_ID',
  'SMS_SIGN_NAME',
  'SMS_TEMPLATE_ID',
] as const;

/** What production prints after the missing names: the way out for a site without phone codes. */
const OFF_HINT = '(phone codes; or PHONE_CODES=off)';

export class SmsSettingsError extends Error {}

/** PHONE_CODES=off: no phone codes are sent (the send-code call answers that they are not offered). */
export const phoneCodesOff = (env: NodeJS.ProcessEnv) => env.PHONE_CODES?.trim().toLowerCase() === 'off';

/**
 * The SMS settings production is missing, in a fixed order, the last one followed by the way out (PHONE_CODES=off);
 * empty when all are set or phone codes are off.
 */
export function missingSmsSettings(env: NodeJS.ProcessEnv): string[] {
  if (phoneCodesOff(env)) return [];
  const missing: string[] = REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length > 0) missing[missing.length - 1] += ` ${OFF_HINT}`;
  return missing;
}

/** `https://host[:port][/path]` or a bare host (https); the SDK sends to protocol + host + `/`. */
function parseEndpoint(text: string): SmsSettings['endpoint'] {
  const match = /^(?:(https?):\/\/)?([a-z0-9.-]+(?::\d+)?(?:\/[\w./-]*)?)$/i.exec(text);
  if (!match) throw new SmsSettingsError(`SMS_ENDPOINT must be a host or an http(s) URL (it is "${text}")`);
  const protocol = match[1]?.toLowerCase() === 'http' ? 'http://' : 'https://';
  return { protocol, host: match[2].replace(/\/+$/, '') };
}

/**
 * The settings for `mode`, or null when phone codes are off. `publicOrigin` is this server's address: without
 * settings, outside production, the SDK is pointed at the emulator under it.
 */
export function readSmsSettings(
  env: NodeJS.ProcessEnv,
  mode: string,
  publicOrigin: string,
): SmsSettings | null {
  if (phoneCodesOff(env)) return null;
  const value = (name: string) => env[name]?.trim() ?? '';
  const missing = REQUIRED.filter((name) => !value(name));
  const region = value('SMS_REGION') || 'ap-guangzhou';
  if (!/^[a-z]+(-[a-z]+)+(-\d+)?$/.test(region))
    throw new SmsSettingsError(`SMS_REGION must be a region name such as ap-guangzhou (it is "${region}")`);
  if (missing.length === REQUIRED.length && mode !== 'production') {
    const origin = new URL(publicOrigin);
    return {
      secretId: 'AKIDsandbox0livev30sms0000000000000',
      secretKey: 'sandbox-sms-secret-key-livev3-00',
      sdkAppId: '1400000000',
      signName: 'livev3',
      templateId: '100000',
      region,
      endpoint: {
        protocol: origin.protocol === 'http:' ? 'http://' : 'https://',
        host: `${origin.host}${SMS_EMULATOR_PREFIX}`,
      },
      sandbox: true,
    };
  }
  if (missing.length === REQUIRED.length)
    throw new SmsSettingsError(
      `Missing settings for NODE_ENV=production: ${missingSmsSettings(env).join(', ')}`,
    );
  if (missing.length > 0)
    throw new SmsSettingsError(
      `Tencent Cloud SMS is half set up: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`,
    );
  for (const name of ['SMS_SDK_APP_ID', 'SMS_TEMPLATE_ID'])
    if (!/^\d+$/.test(value(name)))
      throw new SmsSettingsError(`${name} must be digits (it is "${value(name)}")`);
  return {
    secretId: value('SMS_SECRET_ID'),
    secretKey: value('SMS_SECRET_KEY'),
    sdkAppId: value('SMS_SDK_APP_ID'),
    signName: value('SMS_SIGN_NAME'),
    templateId: value('SMS_TEMPLATE_ID'),
    region,
    endpoint: parseEndpoint(value('SMS_ENDPOINT') || SMS_API_HOST),
    sandbox: false,
  };
}
