import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { data: T | undefined; failed: boolean; reload: () => void };

/** Runs `load` when the inputs change; a late answer for old inputs is dropped. */
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

/** Unix seconds -> 'YYYY-MM-DD HH:mm' in China Standard Time (the shop's times are the organiser's). */
export function cstDateTime(seconds: number | null | undefined): string {
  if (!seconds) return '';
  return new Date(seconds * 1000 + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 16);
}

/** A positive integer from the page query, or null. */
export function queryId(raw: string | null): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
