// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import type * as ApiClient from '../../lib/api-client';
import type { ChatMessage } from '../chat/types';
import type { RedPacket } from './api';

let packet: RedPacket;
vi.mock('../../lib/api-client', async (original) => {
  const actual = await original<typeof ApiClient>();
  return { ...actual, apiGet: vi.fn(async () => packet) };
});

beforeAll(async () => {
  await initI18n('en');
  await import('./messages');
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

const base: RedPacket = {
  id: 7,
  sender_id: 1,
  sender_nickname: 'Host',
  greeting: 'Thanks',
  total: 300,
  count: 3,
  remaining_count: 0,
  status: 'finished',
  expires_at: 0,
  mine: 0,
  grabs: [],
};
const message = { id: 1, kind: 'redpack', packet_id: 7, content: 'Thanks', gift_count: 3 } as ChatMessage;

async function openDetails() {
  const { default: RedPacketCard } = await import('./RedPacketCard');
  const view = render(<RedPacketCard message={message} senderName="Host" />);
  fireEvent.click(screen.getByRole('button', { name: /Host/ }));
  const list = await screen.findByRole('list', { name: 'Who grabbed' });
  return { view, list };
}

describe('the red packet details', () => {
  afterEach(() => document.body.replaceChildren());

  it("lists masked lines without amounts beside the viewer's own line, and no grabbed sum", async () => {
    packet = {
      ...base,
      mine: 120,
      grabs: [
        { nickname: 'A***e', grabbed_at: 1 },
        { user_id: 9, nickname: 'me', amount: 120, grabbed_at: 2 },
        { nickname: '张*丰', grabbed_at: 3 },
      ],
    };
    const { view, list } = await openDetails();
    const lines = within(list).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual(['A***e', 'me1.20', '张*丰']);
    expect(screen.getByText('3/3 grabbed, ¥3.00 in the packet')).toBeTruthy();
    view.unmount();
  });

  it('shows every amount and the grabbed sum when all lines carry one (the sender)', async () => {
    packet = {
      ...base,
      grabs: [
        { user_id: 2, nickname: 'a', amount: 100, grabbed_at: 1 },
        { user_id: 3, nickname: 'b', amount: 200, grabbed_at: 2 },
      ],
      remaining_count: 1,
      payouts: { paid: 100, under_way: 0, returned: 200 },
    };
    const { view, list } = await openDetails();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['a1.00', 'b2.00']);
    expect(screen.getByText('2/3 grabbed, ¥3.00 of ¥3.00')).toBeTruthy();
    expect(screen.getByTestId('red-packet-payouts').textContent).toBe(
      "Paid to grabbers' WeChat balance ¥1.00, on the way ¥0.00, returned to you ¥2.00",
    );
    view.unmount();
  });

  const payout = (state: NonNullable<RedPacket['payout']>) => ({
    ...base,
    mine: 120,
    grabs: [{ user_id: 9, nickname: 'me', amount: 120, grabbed_at: 2 }],
    payout: state,
  });
  const waiting = {
    state: 'wait_user_confirm' as const,
    fail_reason: null,
    fail_message: null,
    confirm: { mch_id: '1900000109', app_id: 'wx0sandbox', package: 'pkg==' },
    needs_wechat_login: false,
  };

  it('never says received before the transfer succeeded; outside WeChat it says where to confirm', async () => {
    packet = payout(waiting);
    const { view } = await openDetails();
    expect(screen.getByTestId('red-packet-outcome').textContent).toBe('You grabbed ¥1.20');
    const line = screen.getByTestId('red-packet-payout');
    expect(line.dataset.state).toBe('wait_user_confirm');
    expect(line.textContent).toContain("open this page in WeChat and tap 'Confirm receipt'");
    expect(screen.queryByRole('button', { name: 'Confirm receipt' })).toBeNull();
    expect(document.body.textContent).not.toContain('Received');
    view.unmount();
  });

  it("inside WeChat the button opens WeChat's confirmation page with the transfer's package", async () => {
    const agent = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 MicroMessenger/8.0.47');
    const invoke = vi.fn((_name: string, _params: object, done: (result: { err_msg: string }) => void) =>
      done({ err_msg: 'requestMerchantTransfer:ok' }),
    );
    window.WeixinJSBridge = { invoke };
    packet = payout(waiting);
    const { view } = await openDetails();
    packet = payout({ ...waiting, state: 'success', confirm: null });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm receipt' }));
    await screen.findByText('Received in your WeChat balance');
    expect(invoke).toHaveBeenCalledWith(
      'requestMerchantTransfer',
      { mchId: '1900000109', appId: 'wx0sandbox', package: 'pkg==' },
      expect.any(Function),
    );
    view.unmount();
    agent.mockRestore();
    delete window.WeixinJSBridge;
  });

  it('says why a transfer failed', async () => {
    packet = payout({
      ...waiting,
      state: 'failed',
      fail_reason: 'ACCOUNT_FROZEN',
      fail_message: 'Your WeChat Pay account is frozen: returned to the sender',
      confirm: null,
    });
    const { view } = await openDetails();
    expect(screen.getByTestId('red-packet-payout').textContent).toBe(
      'Transfer failed: Your WeChat Pay account is frozen: returned to the sender',
    );
    view.unmount();
  });
});
