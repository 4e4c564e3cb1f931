import { useCallback, useEffect, useState } from 'react';

/** What a component loads: the data once there, whether the last try failed, and a way to try again. */
export type Loaded<T> = { data: T | undefined; failed: boolean; reload: () => void };

/**
 * Runs `load` on mount and again when the inputs change or on `reload()`. The data stays on screen while a new load
 * runs and when it fails (`failed` says so); a late answer for old inputs is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, inputs: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; failed: boolean }>({ failed: false });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ data, failed: false }),
      () => live && setState((previous) => ({ data: previous.data, failed: true })),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `inputs` are what `load` reads
  }, [...inputs, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data: state.data, failed: state.failed, reload };
}
