// @vitest-environment jsdom
/**
 * A block that fails stays alone in its failure: its code did not load (once, or not within the spec's chunk-load
 * time-out) or it threw while rendering. It shows a notice with a retry in its place; the other blocks keep showing,
 * and the retry loads its code afresh.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '../engine/config';
import { lazyBlock, type BlockComponent } from './types';

const registry = vi.hoisted(() => ({ blocks: {} as Record<string, unknown> }));
vi.mock('./registry', () => ({ blockRegistry: registry.blocks }));

const { BlockList } = await import('./BlockList');

const Plain: BlockComponent = () => <p>Plain block</p>;
const Loaded: BlockComponent = () => <p>Loaded block</p>;

function show(blocks: Record<string, BlockComponent>) {
  Object.assign(registry.blocks, { plain: Plain }, blocks);
  render(<BlockList blocks={Object.keys(registry.blocks).map((type) => ({ type }))} />);
}

// React reports each caught error on the console; the notice is what these tests look at.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const type of Object.keys(registry.blocks)) delete registry.blocks[type];
});

describe('a failed block', () => {
  it('shows a notice in its place, and its retry imports its code again', async () => {
    const load = vi
      .fn<() => Promise<BlockComponent>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Loaded);
    show({ later: lazyBlock(load) });

    expect(await screen.findByRole('heading', { name: '此处内容加载失败' })).toBeTruthy();
    expect(screen.getByText('Plain block')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));

    expect(await screen.findByText('Loaded block')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '此处内容加载失败' })).toBeNull();
    expect(screen.getByText('Plain block')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('that threw while rendering shows the notice, and the retry renders it again', async () => {
    let throws = true;
    const Fragile: BlockComponent = () => {
      if (throws) throw new Error('no data');
      return <p>Fragile block</p>;
    };
    show({ fragile: Fragile });

    expect(await screen.findByRole('heading', { name: '此处内容加载失败' })).toBeTruthy();
    expect(screen.getByText('Plain block')).toBeTruthy();
    throws = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('Fragile block')).toBeTruthy();
  });

  it('gives up on code that has not arrived after the chunk-load time-out (120 s)', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<BlockComponent>>()
      .mockReturnValueOnce(new Promise(() => {}))
      .mockResolvedValue(Loaded);
    show({ later: lazyBlock(load) });
    expect(appConfig.constants.chunkLoadTimeoutMs).toBe(120_000);

    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.queryByRole('heading', { name: '此处内容加载失败' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('heading', { name: '此处内容加载失败' })).toBeTruthy();
    expect(screen.getByText('Plain block')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Loaded block')).toBeTruthy();
  });
});
