/**
 * WeChat Pay's transfer notification (`POST /v3/api/wechat/transfer/notify`, the `notify_url` of every transfer bill):
 * MCHTRANSFER.BILL.FINISHED when a bill reached SUCCESS, FAIL or CANCELLED. Read and verified exactly as the payment
 * and refund notifications are (server/wechat/notify.ts: raw body at most 16 KB, platform signature and timestamp
 * first, a recorded nonce answered 204 at once, then the resource decrypted with the API v3 key), then applied to the
 * transfer's row by the same conditional update as the worker's answers (a final state never moves).
 */
import type { FastifyInstance } from 'fastify';
import { TRANSFER_NOTIFY_PATH } from '../wechat/credentials.ts';
import {
  NOTIFY_BODY_LIMIT,
  NotificationRefused,
  openNotification,
  recordNotification,
} from '../wechat/notify.ts';
import type { WechatRuntime } from '../wechat/pay.ts';
import type { TransferBill } from '../wechat/client.ts';
import { applyBill } from './transfers.ts';

export const TRANSFER_EVENT = 'MCHTRANSFER.BILL.FINISHED';

/** The bill a decrypted notification resource describes, each field checked for its type; null when malformed. */
export function transferBillOf(resource: Record<string, unknown>): TransferBill | null {
  const { out_bill_no, state, transfer_bill_no, fail_reason } = resource;
  if (typeof out_bill_no !== 'string' || typeof state !== 'string') return null;
  return {
    out_bill_no,
    state,
    ...(typeof transfer_bill_no === 'string' ? { transfer_bill_no } : {}),
    ...(typeof fail_reason === 'string' ? { fail_reason } : {}),
  };
}

export async function transferNotifyRoute(app: FastifyInstance, options: { runtime: WechatRuntime }) {
  const { runtime } = options;
  // Raw bytes only, whatever the content type: nothing is parsed before the signature is checked.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.post(TRANSFER_NOTIFY_PATH, { bodyLimit: NOTIFY_BODY_LIMIT }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const fail = (status: number, message: string) => reply.code(status).send({ code: 'FAIL', message });
    let opened;
    try {
      opened = await openNotification(runtime, request.headers, raw);
    } catch (error) {
      if (!(error instanceof NotificationRefused)) throw error;
      runtime.log(`transfer notification refused: ${error.message}`);
      return fail(401, error.message);
    }
    if (opened.applied) return reply.code(204).send();
    const { resource, eventType, nonce } = opened;
    const merchant = resource.mch_id ?? resource.mchid;
    if (merchant !== undefined && merchant !== runtime.credentials.mchId) {
      runtime.log(`transfer notification for another merchant ${String(merchant)}`);
      return fail(400, 'wrong merchant');
    }
    if (eventType === TRANSFER_EVENT) {
      const bill = transferBillOf(resource);
      if (!bill) return fail(400, 'malformed transfer resource');
      try {
        const result = await applyBill(runtime, bill);
        runtime.log(`transfer notification ${bill.out_bill_no} ${bill.state}: ${result}`);
      } catch (error) {
        runtime.log(`transfer notification not applied: ${(error as Error).message}`);
        return fail(400, (error as Error).message);
      }
    }
    await recordNotification(runtime, nonce);
    return reply.code(204).send();
  });
}
