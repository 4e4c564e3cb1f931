// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PullToRefresh, pullDistance } from './PullToRefresh';

describe('PullToRefresh', () => {
  it('resists the pull and caps it', () => {
    expect(pullDistance(-10)).toBe(0);
    expect(pullDistance(40)).toBe(20);
    expect(pullDistance(1000)).toBe(96);
  });

  it('refreshes after a long enough pull from the top', async () => {
    const onRefresh = vi.fn(async () => {});
    const { container } = render(
      <PullToRefresh onRefresh={onRefresh}>
        <p>content</p>
      </PullToRefresh>,
    );
    const root = container.firstElementChild as HTMLElement;
    fireEvent.touchStart(root, { touches: [{ clientY: 0 }] });
    fireEvent.touchMove(root, { touches: [{ clientY: 200 }] });
    await act(async () => {
      fireEvent.touchEnd(root);
    });
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('offers a button for keyboard users', async () => {
    const onRefresh = vi.fn(async () => {});
    render(
      <PullToRefresh onRefresh={onRefresh}>
        <p>content</p>
      </PullToRefresh>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
