export {
  checkOrder,
  h5PayUrl,
  payFor,
  resumePayment,
  type CreateOrderInput,
  type PayChannel,
  type PayEnvironment,
  type PayOrder,
  type PayOutcome,
  type PayRequest,
} from './pay';
export { hasPendingPayment } from './pending';
