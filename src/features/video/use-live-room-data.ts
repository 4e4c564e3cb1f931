import { useEffect, useState } from 'react';
import { useVideo } from './store';

export type LiveRoomData<T> = { data: T | null; failed: boolean };

/**
 * Data of one live-room block, loaded for the current event and loaded again on every detail reload (pull-down
 * refresh bumps `refreshCount`). The previous data stays on screen while a reload runs; a late answer for an older
 * request is dropped.
 */
export function useLiveRoomData<T>(load: (token: string) => Promise<T>): LiveRoomData<T> {
  const token = useVideo((state) => state.info?.token);
  const refreshCount = useVideo((state) => state.refreshCount);
  const [state, setState] = useState<LiveRoomData<T>>({ data: null, failed: false });
  useEffect(() => {
    if (!token) return;
    let current = true;
    load(token).then(
      (data) => current && setState({ data, failed: false }),
      () => current && setState((previous) => ({ data: previous.data, failed: true })),
    );
    return () => {
      current = false;
    };
    // `load` is a module-level function per block; the data depends on the event and the refresh only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, refreshCount]);
  return state;
}
