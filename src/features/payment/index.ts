export {
  checkOrder,
  h5PayUrl,
  payFor,
  resumePayment,
  watchPendingPayment,
  type CreateOrderInput,
  type PayChannel,
  type PayEnvironment,
  type PayOrder,
  type PayOutcome,
  type PayRequest,
} from './pay';
export { hasPendingPayment, onPaymentResumed, PAYMENT_RESUMED_EVENT } from './pending';
