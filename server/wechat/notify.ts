/**
 * WeChat Pay's notifications (payment and refund), in the order WeChat Pay's documentation asks for:
 * 1. the body is read raw, at most NOTIFY_BODY_LIMIT bytes (a bigger one is refused with 413 before it is read);
 * 2. the platform signature over "timestamp\nnonce\nbody\n" is verified with the platform public key and the
 *    timestamp must be within 5 minutes;
 * 3. a nonce already recorded is a notification already applied, delivered again (WeChat repeats them until it gets
 *    a 2xx; the signature binds the nonce to these exact bytes, so it is the same notification): 204 at once,
 *    touching nothing, so WeChat stops;
 * 4. only then the body is parsed (JSON, linear) and the resource decrypted (AEAD_AES_256_GCM, API v3 key);
 * 5. the order or refund is settled idempotently, the nonce recorded, and WeChat gets 204. A notification that could
 *    not be applied is not recorded: WeChat's next delivery of it is tried again.
 * Anything refused (forged, tampered, late, oversized) touches no order and is logged.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PayTransaction } from './client.ts';
import { NOTIFY_PATH, REFUND_NOTIFY_PATH } from './credentials.ts';
import { settleTransaction, type LateRefund } from './orders.ts';
import type { WechatRuntime } from './pay.ts';
import { decryptResource, verifyPlatformSignature, type EncryptedResource } from './pay-sign.ts';
import { settleRefund } from './refunds.ts';

/** WeChat's notifications are about 1-2 KB. */
export const NOTIFY_BODY_LIMIT = 16 * 1024;
export const NOTIFY_WINDOW_S = 300;

type Notification = { id?: string; event_type?: string; resource?: EncryptedResource };

export class NotificationRefused extends Error {}

/**
 * Steps 2-4: verified and decrypted (`applied: false`), already applied (`applied: true`: a verified notification
 * whose nonce is recorded), or NotificationRefused. `recordNotification` records the nonce once it is applied.
 */
export async function openNotification(
  runtime: WechatRuntime,
  headers: FastifyRequest['headers'],
  raw: Buffer,
): Promise<
  | { applied: true; nonce: string }
  | { applied: false; nonce: string; eventType: string; resource: Record<string, unknown> }
> {
  const { credentials, sql } = runtime;
  const body = raw.toString('utf8');
  const timestamp = Number(headers['wechatpay-timestamp']);
  const nonce = headers['wechatpay-nonce'];
  const serial = headers['wechatpay-serial'];
  if (!Number.isInteger(timestamp) || typeof nonce !== 'string' || nonce.length === 0 || nonce.length > 64)
    throw new NotificationRefused('missing Wechatpay-Timestamp or Wechatpay-Nonce');
  if (Math.abs(runtime.now() / 1000 - timestamp) > NOTIFY_WINDOW_S)
    throw new NotificationRefused(`timestamp ${timestamp} outside the ${NOTIFY_WINDOW_S} s window`);
  if (typeof serial === 'string' && credentials.platformSerial && serial !== credentials.platformSerial)
    throw new NotificationRefused(`unknown platform serial ${serial}`);
  if (!verifyPlatformSignature(headers, body, credentials.platformPublicKey))
    throw new NotificationRefused('signature does not verify');
  const seen = await sql
    .selectFrom('wechat_notify_nonces')
    .select('nonce')
    .where('nonce', '=', nonce)
    .executeTakeFirst();
  if (seen) return { applied: true, nonce };
  let notification: Notification;
  try {
    notification = JSON.parse(body) as Notification;
  } catch {
    throw new NotificationRefused('body is not JSON');
  }
  if (!notification.resource || typeof notification.event_type !== 'string')
    throw new NotificationRefused('no resource');
  let plain: string;
  try {
    plain = decryptResource(notification.resource, credentials.payKey);
  } catch (error) {
    throw new NotificationRefused(`resource does not decrypt: ${(error as Error).message}`);
  }
  return {
    applied: false,
    nonce,
    eventType: notification.event_type,
    resource: JSON.parse(plain) as Record<string, unknown>,
  };
}

/** Records the nonce of an applied notification: its next delivery is answered without touching anything. */
export async function recordNotification(runtime: WechatRuntime, nonce: string): Promise<void> {
  await runtime.sql
    .insertInto('wechat_notify_nonces')
    .values({ nonce, received_at: runtime.now() })
    .onConflict((conflict) => conflict.column('nonce').doNothing())
    .execute();
}

export async function notifyRoutes(
  app: FastifyInstance,
  options: { runtime: WechatRuntime; onLate: (late: LateRefund) => Promise<void> },
) {
  const { runtime } = options;
  // Raw bytes only, whatever the content type: nothing is parsed before the signature is checked.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  const fail = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).send({ code: 'FAIL', message });

  const handle =
    (kind: 'payment' | 'refund') =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let opened;
      try {
        opened = await openNotification(runtime, request.headers, raw);
      } catch (error) {
        if (!(error instanceof NotificationRefused)) throw error;
        runtime.log(`${kind} notification refused: ${error.message}`);
        return fail(reply, 401, error.message);
      }
      if (opened.applied) {
        runtime.log(`${kind} notification ${opened.nonce} delivered again: already applied`);
        return reply.code(204).send();
      }
      const { eventType, resource, nonce } = opened;
      const { credentials } = runtime;
      if (resource.mchid !== undefined && resource.mchid !== credentials.mchId) {
        runtime.log(`${kind} notification for another merchant ${String(resource.mchid)}`);
        return fail(reply, 400, 'wrong merchant');
      }
      try {
        if (kind === 'payment') {
          if (eventType !== 'TRANSACTION.SUCCESS') return reply.code(204).send();
          const transaction = paymentOf(resource);
          if (!transaction) return fail(reply, 400, 'malformed payment resource');
          const result = await settleTransaction(
            { ...runtime, onLate: options.onLate },
            transaction,
            runtime.now(),
          );
          runtime.log(`payment notification ${String(resource.out_trade_no)}: ${result}`);
        } else {
          const { out_refund_no, refund_id, refund_status } = resource;
          if (typeof out_refund_no !== 'string' || typeof refund_status !== 'string')
            return fail(reply, 400, 'malformed refund resource');
          await settleRefund(runtime, {
            out_refund_no,
            refund_status,
            ...(typeof refund_id === 'string' ? { refund_id } : {}),
          });
        }
      } catch (error) {
        runtime.log(`${kind} notification not applied: ${(error as Error).message}`);
        return fail(reply, 400, (error as Error).message);
      }
      await recordNotification(runtime, nonce);
      return reply.code(204).send();
    };

  app.post(NOTIFY_PATH, { bodyLimit: NOTIFY_BODY_LIMIT }, handle('payment'));
  app.post(REFUND_NOTIFY_PATH, { bodyLimit: NOTIFY_BODY_LIMIT }, handle('refund'));
}

/**
 * What settling reads of a decrypted payment notification, each field checked for its type: null when the order
 * number or the state is missing (a resource WeChat signed but that does not say which order, or how it stands).
 */
function paymentOf(resource: Record<string, unknown>): PayTransaction | null {
  const { out_trade_no, trade_state, transaction_id, amount } = resource;
  if (typeof out_trade_no !== 'string' || typeof trade_state !== 'string') return null;
  const total = typeof amount === 'object' && amount !== null && 'total' in amount ? amount.total : undefined;
  return {
    out_trade_no,
    trade_state,
    ...(typeof transaction_id === 'string' ? { transaction_id } : {}),
    ...(typeof total === 'number' ? { amount: { total } } : {}),
  };
}
