/**
 * The shop over HTTP: products, orders, addresses and paying an order through WeChat Pay, and the
 * organiser's calls (ship, sales, sign-up review), each for staff of the organisation that owns the order, product or
 * contest (server/organisations/).
 */
import { needViewer } from '../accounts/sessions.ts';
import type { HandlerMap } from '../contract/register.ts';
import { ApiFailure, ok, XCODE } from '../envelope.ts';
import {
  contestOrganisation,
  eventOrganisation,
  orderOrganisation,
  signUpOrganisation,
} from '../organisations/owners.ts';
import { organisationsWhere, requireOrganiserRole } from '../organisations/roles.ts';
import { payAnswer } from '../wechat/pay.ts';
import { listAddresses, saveAddress } from './addresses.ts';
import { shipOrder, shopSales } from './organiser.ts';
import { changeOrderAddress, expireDue, listOrders, payableOrder, placeOrder } from './orders.ts';
import { listProducts } from './products.ts';
import { reviewSignUp } from '../voting/signup.ts';
import { createPaymentOrder } from '../wechat/orders.ts';
import type { Services } from '../services.ts';

const EXPIRY_SWEEP_MS = 30_000;

export function shopHandlers(
  services: Pick<Services, 'sql' | 'now' | 'every' | 'wechat' | 'rankings'>,
): HandlerMap {
  const { sql, now, wechat } = services;
  const nowSec = () => Math.floor(now() / 1000);
  // Orders nobody looks at again still give their stock back on time (reads and checkouts also expire due ones).
  services.every(EXPIRY_SWEEP_MS, () => expireDue(services, nowSec()));
  const viewer = (request: Parameters<typeof needViewer>[1]) => needViewer(sql, request, now());
  return {
    async shopProductList(request) {
      const { query } = request;
      if (query.token === undefined && query.vote_id === undefined && query.id === undefined)
        throw new ApiFailure(XCODE.badRequest, {
          'zh-CN': '请指定活动 token、vote_id 或商品 id',
          en: 'Give an event token, a vote_id or a product id',
        });
      return ok(await listProducts(sql, query, nowSec()));
    },
    async shopOrderSave(request) {
      const { userId } = await viewer(request);
      return ok(await placeOrder(services, userId, request.body, now()));
    },
    async shopOrderList(request) {
      const { userId } = await viewer(request);
      // The filter may come in the query or in the body (one schema); the body wins.
      const filter = { ...request.query, ...request.body };
      return ok(await listOrders(services, userId, filter, nowSec()));
    },
    async shopOrderAddress(request) {
      const { userId } = await viewer(request);
      return ok(await changeOrderAddress(sql, userId, request.body, nowSec()));
    },
    async shopAddressList(request) {
      const { userId } = await viewer(request);
      return ok({ list: await listAddresses(sql, userId) });
    },
    async shopAddressSave(request) {
      const { userId } = await viewer(request);
      const id = await saveAddress(sql, userId, request.body, nowSec());
      return ok({ id, list: await listAddresses(sql, userId) });
    },
    async shopOrderPay(request) {
      const { userId } = await viewer(request);
      const { order_sn, t_type = 'h5' } = request.body;
      const order = await payableOrder(services, userId, order_sn, nowSec());
      // One payment order per shop order and payment kind: a retry, or paying later, never charges twice.
      const payment = await createPaymentOrder(sql, {
        userId,
        kind: 'product',
        refId: order.id,
        amountCents: order.amount_cents,
        idempotencyKey: `product:${order.id}:${t_type}`,
        now: now(),
      });
      return ok(await payAnswer(wechat, payment, t_type, now(), request));
    },
    async shopOrderShip(request) {
      const { userId } = await viewer(request);
      await requireOrganiserRole(sql, userId, await orderOrganisation(sql, request.body.order_sn), 'shop');
      return ok(await shipOrder(sql, request.body, nowSec()));
    },
    async shopSales(request) {
      const { userId } = await viewer(request);
      const { query } = request;
      // Staff of the event's and of the contest's organisation when the query names them (of any, else); the
      // list holds only the products of the organisations whose shop the viewer runs.
      const owners = [
        ...(query.token !== undefined ? [await eventOrganisation(sql, query.token)] : []),
        ...(query.vote_id !== undefined ? [await contestOrganisation(sql, query.vote_id)] : []),
      ];
      for (const owner of owners.length ? owners : [undefined])
        await requireOrganiserRole(sql, userId, owner, 'shop');
      return ok(await shopSales(sql, query, await organisationsWhere(sql, userId, 'shop')));
    },
    async voteSignUpReview(request) {
      const { userId } = await viewer(request);
      await requireOrganiserRole(
        sql,
        userId,
        await signUpOrganisation(sql, request.body.sign_up_id),
        'sign_up_review',
      );
      const { sign_up_id, decision } = request.body;
      const { contestId, player } = await reviewSignUp(sql, sign_up_id, decision);
      if (player) await services.rankings.place(contestId, [player]);
      return ok({ sign_up_id, status: decision });
    },
  };
}
