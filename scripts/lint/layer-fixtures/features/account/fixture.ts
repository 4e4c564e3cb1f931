// @ts-nocheck -- a layer fixture: scripts/lint-layers.test.ts lints it at its place in src/, where its imports resolve.
import { useChatPayment } from '../chat/use-chat-payment';
import { useVideo } from '../video/store';
import { fetchProducts } from '../shop/api'; // fails: features/account imports another feature only through
import '../vote/messages'; // fails: features/account imports another feature only through
const vote = () => import('../vote/ContestHome'); // fails: features/account imports another feature only
