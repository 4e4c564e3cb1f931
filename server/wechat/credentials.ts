/**
 * WeChat settings, all from the environment (server/README.md, `.env.example`). With the credentials set, every call
 * goes to WeChat's hosts (or the base URLs given). Without them, outside production, the local WeChat emulator stands
 * in (server/wechat/emulator.ts): the same client code talks to it through the same base-URL settings, with keys
 * generated for this process. With credentials and WECHAT_EMULATOR=1 (outside production) the emulator runs with
 * those credentials and the client reaches it over HTTP at WECHAT_API_BASE / WECHAT_PAY_BASE / WECHAT_OPEN_BASE
 * (an operator's dress rehearsal: their key files sign and verify every call). In production every setting the payment and login features need must be present:
 * `missingProductionSettings` names the missing ones and the server refuses to start.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';

export type WechatCredentials = {
  /** Official account (web) app id and secret: OAuth login, JS-SDK ticket. */
  appId: string;
  appSecret: string;
  /** WeChat Pay merchant id. */
  mchId: string;
  /** The API v3 key (32 characters): decrypts notification resources (AEAD_AES_256_GCM). */
  payKey: string;
  /** The merchant API private key (PEM) and its certificate serial: signs API v3 requests and JSAPI paySign. */
  privateKey: string;
  serialNo: string;
  /** WeChat Pay's platform public key (PEM, or the public key of the platform certificate) and its id/serial. */
  platformPublicKey: string;
  platformSerial: string;
  /** Where WeChat Pay posts payment and refund notifications. */
  notifyUrl: string;
  refundNotifyUrl: string;
  /**
   * Merchant transfers (red-packet payouts): the transfer scene WeChat Pay granted the merchant (1000, cash marketing,
   * by default), where it posts the transfers' final states, and what the user is shown as the reason (the scene's
   * "用户收款感知"; empty: the scene's default).
   */
  transferSceneId: string;
  transferNotifyUrl: string;
  transferPerception: string;
  /** Mini program (optional): mini-program codes instead of H5-link QR codes. */
  miniAppId: string;
  miniAppSecret: string;
  /**
   * Website application of WeChat's open platform (optional): the QR sign-in of the organiser console on a desktop
   * (open.weixin.qq.com/connect/qrconnect, scope snsapi_login). Its openids are its own; the unionid names the person
   * across the operator's apps, so the website app must be bound to the same open-platform account. Empty: off.
   */
  websiteAppId: string;
  websiteAppSecret: string;
  /** OAuth scope of the web login. */
  oauthScope: 'snsapi_base' | 'snsapi_userinfo';
  /** Base URLs: api.weixin.qq.com, api.mch.weixin.qq.com, open.weixin.qq.com (the authorise page). */
  apiBase: string;
  payBase: string;
  openBase: string;
  /** True when the local emulator stands in (no credentials, not production). */
  sandbox: boolean;
  /**
   * True when the emulator runs beside configured credentials (WECHAT_EMULATOR=1, never in production): it checks
   * requests with the configured merchant key and signs with the platform private key given to it, and the client
   * reaches it over HTTP at the configured base URLs.
   */
  emulator: boolean;
  /** Emulator only: the platform private key that signs the emulator's notifications and answers. */
  emulatorPlatformPrivateKey?: string;
};

export const WECHAT_HOSTS = {
  api: 'https://api.weixin.qq.com',
  pay: 'https://api.mch.weixin.qq.com',
  open: 'https://open.weixin.qq.com',
} as const;

/** Where the emulator is mounted on this server (non-production only). */
export const EMULATOR_PREFIX = '/emulator/wechat';
export const NOTIFY_PATH = '/v3/api/wechat/pay/notify';
export const REFUND_NOTIFY_PATH = '/v3/api/wechat/refund/notify';
export const TRANSFER_NOTIFY_PATH = '/v3/api/wechat/transfer/notify';

/** Settings the production server needs (payments and web login are always on). */
const REQUIRED = [
  'WECHAT_APP_ID',
  'WECHAT_APP_SECRET',
  'WECHAT_MCH_ID',
  'WECHAT_PAY_API_V3_KEY',
  'WECHAT_PAY_PRIVATE_KEY_FILE',
  'WECHAT_PAY_SERIAL_NO',
  'WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE',
  'WECHAT_PAY_PLATFORM_SERIAL',
] as const;

/** Names of the settings missing for production, in a fixed order (empty when all are there). */
export function missingProductionSettings(env: NodeJS.ProcessEnv): string[] {
  const missing: string[] = REQUIRED.filter((name) => !env[name]?.trim());
  if (env.WECHAT_PAY_API_V3_KEY && Buffer.byteLength(env.WECHAT_PAY_API_V3_KEY) !== 32)
    missing.push('WECHAT_PAY_API_V3_KEY (must be 32 bytes)');
  for (const name of ['WECHAT_PAY_PRIVATE_KEY_FILE', 'WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE'] as const) {
    const file = env[name];
    if (file && !fs.existsSync(file)) missing.push(`${name} (no such file: ${file})`);
  }
  if (!env.WECHAT_PAY_NOTIFY_URL && !env.PUBLIC_ORIGIN)
    missing.push('WECHAT_PAY_NOTIFY_URL (or PUBLIC_ORIGIN)');
  if (Boolean(env.WECHAT_MINI_APP_ID) !== Boolean(env.WECHAT_MINI_APP_SECRET))
    missing.push(env.WECHAT_MINI_APP_ID ? 'WECHAT_MINI_APP_SECRET' : 'WECHAT_MINI_APP_ID');
  if (Boolean(env.WECHAT_WEBSITE_APP_ID) !== Boolean(env.WECHAT_WEBSITE_APP_SECRET))
    missing.push(env.WECHAT_WEBSITE_APP_ID ? 'WECHAT_WEBSITE_APP_SECRET' : 'WECHAT_WEBSITE_APP_ID');
  return missing;
}

/**
 * Outside production, WECHAT_EMULATOR=1 with credentials set mounts the emulator with those credentials; it signs
 * as WeChat Pay with the private key of the configured platform public key (WECHAT_EMULATOR_PLATFORM_PRIVATE_KEY_FILE).
 */
export class EmulatorSettingsError extends Error {}

function emulatorPlatformKey(env: NodeJS.ProcessEnv, platformPublicKey: string): string {
  const file = env.WECHAT_EMULATOR_PLATFORM_PRIVATE_KEY_FILE;
  if (!file || !fs.existsSync(file))
    throw new EmulatorSettingsError(
      `WECHAT_EMULATOR=1 needs WECHAT_EMULATOR_PLATFORM_PRIVATE_KEY_FILE (the private key of the platform public key)${file ? `: no such file: ${file}` : ''}`,
    );
  const privateKey = fs.readFileSync(file, 'utf8');
  const derived = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const configured = platformPublicKey
    ? crypto.createPublicKey(platformPublicKey).export({ type: 'spki', format: 'der' })
    : undefined;
  if (!configured || !derived.equals(configured))
    throw new EmulatorSettingsError(
      'WECHAT_EMULATOR_PLATFORM_PRIVATE_KEY_FILE does not match WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE',
    );
  return privateKey;
}

export class MissingSettingsError extends Error {
  constructor(readonly missing: string[]) {
    super(`Missing settings for NODE_ENV=production: ${missing.join(', ')}`);
  }
}

type PemPair = { publicKey: string; privateKey: string };
let emulatorKeys: { merchant: PemPair; platform: PemPair } | undefined;

/** RSA 2048 key pairs for this process: the emulator's merchant and platform keys (never used in production). */
function generatedKeys() {
  const pair = (): PemPair =>
    crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
  emulatorKeys ??= { merchant: pair(), platform: pair() };
  return emulatorKeys;
}

/**
 * The settings for `mode`. `publicOrigin` is this server's address: the default notify URL and, without
 * credentials, the emulator's base URLs. Throws MissingSettingsError in production when settings are missing.
 */
export function wechatCredentials(
  env: NodeJS.ProcessEnv,
  mode: string,
  publicOrigin = env.PUBLIC_ORIGIN ?? 'http://localhost:8080',
): WechatCredentials {
  const origin = publicOrigin.replace(/\/$/, '');
  const common = {
    notifyUrl: env.WECHAT_PAY_NOTIFY_URL ?? `${origin}${NOTIFY_PATH}`,
    refundNotifyUrl: env.WECHAT_PAY_REFUND_NOTIFY_URL ?? `${origin}${REFUND_NOTIFY_PATH}`,
    transferNotifyUrl: env.WECHAT_TRANSFER_NOTIFY_URL ?? `${origin}${TRANSFER_NOTIFY_PATH}`,
    transferSceneId: env.WECHAT_TRANSFER_SCENE_ID?.trim() || '1000',
    transferPerception: env.WECHAT_TRANSFER_PERCEPTION?.trim() ?? '现金奖励',
    oauthScope: env.WECHAT_OAUTH_SCOPE === 'snsapi_base' ? 'snsapi_base' : 'snsapi_userinfo',
  } as const;
  if (mode === 'production') {
    const missing = missingProductionSettings(env);
    if (missing.length > 0) throw new MissingSettingsError(missing);
  }
  if (env.WECHAT_APP_ID && env.WECHAT_APP_SECRET) {
    const read = (file?: string) => (file ? fs.readFileSync(file, 'utf8') : '');
    const platformPublicKey = read(env.WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE);
    const emulator = mode !== 'production' && env.WECHAT_EMULATOR === '1';
    return {
      ...common,
      appId: env.WECHAT_APP_ID,
      appSecret: env.WECHAT_APP_SECRET,
      mchId: env.WECHAT_MCH_ID ?? '',
      payKey: env.WECHAT_PAY_API_V3_KEY ?? '',
      privateKey: read(env.WECHAT_PAY_PRIVATE_KEY_FILE),
      serialNo: env.WECHAT_PAY_SERIAL_NO ?? '',
      platformPublicKey,
      platformSerial: env.WECHAT_PAY_PLATFORM_SERIAL ?? '',
      miniAppId: env.WECHAT_MINI_APP_ID ?? '',
      miniAppSecret: env.WECHAT_MINI_APP_SECRET ?? '',
      websiteAppId: env.WECHAT_WEBSITE_APP_ID ?? '',
      websiteAppSecret: env.WECHAT_WEBSITE_APP_SECRET ?? '',
      apiBase: env.WECHAT_API_BASE ?? WECHAT_HOSTS.api,
      payBase: env.WECHAT_PAY_BASE ?? WECHAT_HOSTS.pay,
      openBase: env.WECHAT_OPEN_BASE ?? WECHAT_HOSTS.open,
      sandbox: false,
      emulator,
      ...(emulator ? { emulatorPlatformPrivateKey: emulatorPlatformKey(env, platformPublicKey) } : {}),
    };
  }
  const keys = generatedKeys();
  const emulator = `${origin}${EMULATOR_PREFIX}`;
  return {
    ...common,
    appId: 'wx0sandbox0livev3',
    appSecret: 'sandbox-secret',
    mchId: '1900000109',
    payKey: 'sandbox0pay0key0livev3000000000a',
    privateKey: keys.merchant.privateKey,
    serialNo: 'EMULATOR0MERCHANT0SERIAL',
    platformPublicKey: keys.platform.publicKey,
    platformSerial: 'PUB_KEY_ID_EMULATOR',
    miniAppId: env.WECHAT_MINI_APP_ID ?? '',
    miniAppSecret: env.WECHAT_MINI_APP_SECRET ?? '',
    // The emulator's website app: the console's QR sign-in works out of the box in development and tests.
    websiteAppId: 'wx0sandbox0website',
    websiteAppSecret: 'sandbox-website-secret',
    apiBase: `${emulator}/api`,
    payBase: `${emulator}/pay`,
    openBase: `${emulator}/open`,
    sandbox: true,
    emulator: true,
    emulatorPlatformPrivateKey: keys.platform.privateKey,
  };
}
