/**
 * One WeChat for every node of a local cluster (`npm run cluster`). Without credentials each node would stand up an
 * emulator of its own, with keys made up in that process and orders, prepay ids and access tokens kept there: an
 * order made on one node could not be paid on the other. So the nodes share one set of credentials generated here,
 * with WECHAT_EMULATOR=1 (server/README.md, the dress rehearsal), and reach WeChat over HTTP at the balancer's
 * /emulator/wechat/, which the balancer always sends to the first node (scripts/cluster.ts): that node's emulator
 * is the cluster's WeChat, as WeChat is one service for a real deployment's nodes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The nodes' WeChat settings; the key files are written to `dir`, which the caller removes. */
export function sharedWechatEmulator(dir: string, publicOrigin: string): NodeJS.ProcessEnv {
  const pair = () =>
    crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
  const merchant = pair();
  const platform = pair();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text, { mode: 0o600 });
    return path.join(dir, name);
  };
  const emulator = `${publicOrigin.replace(/\/$/, '')}/emulator/wechat`;
  return {
    WECHAT_APP_ID: 'wx0cluster0livev3',
    WECHAT_APP_SECRET: crypto.randomBytes(16).toString('hex'),
    WECHAT_MCH_ID: '1900000109',
    WECHAT_PAY_API_V3_KEY: crypto.randomBytes(16).toString('hex'),
    WECHAT_PAY_PRIVATE_KEY_FILE: file('merchant_key.pem', merchant.privateKey),
    WECHAT_PAY_SERIAL_NO: 'CLUSTER0MERCHANT0SERIAL',
    WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE: file('platform_public_key.pem', platform.publicKey),
    WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_CLUSTER',
    WECHAT_EMULATOR: '1',
    WECHAT_EMULATOR_PLATFORM_PRIVATE_KEY_FILE: file('platform_key.pem', platform.privateKey),
    WECHAT_API_BASE: `${emulator}/api`,
    WECHAT_PAY_BASE: `${emulator}/pay`,
    WECHAT_OPEN_BASE: `${emulator}/open`,
  };
}
