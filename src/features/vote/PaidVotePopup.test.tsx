// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { input } from '../../ui/field/Field.css';
import { PaidVotePopup } from './PaidVotePopup';
import './messages';

beforeAll(async () => {
  await initI18n('en');
  // jsdom has no modal dialogs: an open attribute shows the sheet the same way.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

function popup() {
  render(<PaidVotePopup open onClose={() => {}} voteId={2} playerId={5} playerName="Lin" priceCents={100} />);
  return screen.getByLabelText('Number of votes') as HTMLInputElement;
}

describe('PaidVotePopup', () => {
  it("draws the count with the form kit's input under a visible label", () => {
    const count = popup();
    expect(count.className).toContain(input());
    expect(count.labels?.[0]?.textContent).toBe('Number of votes');
    expect(screen.getByText('From 1 to 10,000')).toBeTruthy();
  });

  it('steps with - and + and keeps the count between 1 and 10,000', () => {
    const count = popup();
    const fewer = screen.getByRole('button', { name: 'Fewer' });
    const more = screen.getByRole('button', { name: 'More' });
    expect(fewer).toHaveProperty('disabled', true);
    fireEvent.click(more);
    expect(count.value).toBe('2');
    fireEvent.change(count, { target: { value: '25000' } });
    fireEvent.blur(count);
    expect(count.value).toBe('10000');
    expect(more).toHaveProperty('disabled', true);
    fireEvent.change(count, { target: { value: '' } });
    fireEvent.blur(count);
    expect(count.value).toBe('1');
    // A count typed digit by digit is not forced to 1 halfway.
    fireEvent.change(count, { target: { value: '' } });
    expect(count.value).toBe('');
    fireEvent.change(count, { target: { value: '5' } });
    expect(count.value).toBe('5');
    expect(screen.getByRole('button', { name: /Pay/ }).textContent).toContain('5.00');
  });
});
