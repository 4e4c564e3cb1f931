// @vitest-environment jsdom
import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { videoStore } from './store';
import type { VideoInfo } from './types';
import { useLiveRoomData } from './use-live-room-data';

function Probe({ load }: { load: (token: string) => Promise<string> }) {
  const { data, failed } = useLiveRoomData('probe', load);
  return <p>{`${data ?? 'none'}${failed ? ' (failed)' : ''}`}</p>;
}

const showEvent = (token: string) =>
  act(() =>
    videoStore.update((draft) => {
      draft.info = { token } as VideoInfo;
      draft.refreshCount += 1;
    }),
  );

afterEach(() => videoStore.reset());

describe('useLiveRoomData', () => {
  it('loads for the event and again on every detail reload (pull-down refresh)', async () => {
    let calls = 0;
    const load = vi.fn(async (token: string) => `${token} #${++calls}`);
    render(<Probe load={load} />);
    expect(load).not.toHaveBeenCalled();
    await showEvent('demo');
    expect(await screen.findByText('demo #1')).toBeTruthy();
    await showEvent('demo');
    expect(await screen.findByText('demo #2')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the last data when a reload fails', async () => {
    const load = vi.fn().mockResolvedValueOnce('first').mockRejectedValueOnce(new Error('offline'));
    render(<Probe load={load} />);
    await showEvent('demo');
    expect(await screen.findByText('first')).toBeTruthy();
    await showEvent('demo');
    expect(await screen.findByText('first (failed)')).toBeTruthy();
  });

  it('suspends a block mounted for a known event until its first data is there, with one request', async () => {
    await showEvent('demo');
    let finish: (value: string) => void = () => {};
    const load = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    await act(async () => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <Probe load={load} />
        </Suspense>,
      );
    });
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => finish('ready'));
    expect(await screen.findByText('ready')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
