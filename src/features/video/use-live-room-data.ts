import { use, useEffect, useState } from 'react';
import { useVideo } from './store';

export type LiveRoomData<T> = { data: T | null; failed: boolean };

/** How long a block's first data may hold back the blocks revealed with it; a slower answer fills in later. */
const FIRST_DATA_WAIT_MS = 1500;

type FirstLoad<T> = { answer: Promise<T>; settled: Promise<LiveRoomData<T> | null> };

// First loads by block key and event: a suspended render and its retry must share one request.
const firstLoads = new Map<string, FirstLoad<unknown>>();

function firstLoad<T>(id: string, load: () => Promise<T>): FirstLoad<T> {
  let entry = firstLoads.get(id) as FirstLoad<T> | undefined;
  if (!entry) {
    const answer = load();
    const settled = Promise.race([
      answer.then(
        (data): LiveRoomData<T> => ({ data, failed: false }),
        (): LiveRoomData<T> => ({ data: null, failed: true }),
      ),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), FIRST_DATA_WAIT_MS)),
    ]);
    entry = { answer, settled };
    firstLoads.set(id, entry as FirstLoad<unknown>);
  }
  return entry;
}

/**
 * Data of one live-room block (`key` names the block and its parameters), loaded for the current event and again on
 * every detail reload (pull-down refresh bumps `refreshCount`). The previous data stays on screen while a reload
 * runs; a late answer for an older request is dropped.
 *
 * A block that mounts with the event already known suspends its first render until its data is there (at most
 * FIRST_DATA_WAIT_MS, with one request): the block list then reveals the blocks below together, with their content,
 * instead of each growing from nothing and pushing the others down (layout shift).
 */
export function useLiveRoomData<T>(key: string, load: (token: string) => Promise<T>): LiveRoomData<T> {
  const token = useVideo((state) => state.info?.token);
  const refreshCount = useVideo((state) => state.refreshCount);
  const [first] = useState(() => {
    if (!token) return null;
    const id = `${key}|${token}`;
    return { id, token, refreshCount, load: firstLoad(id, () => load(token)) };
  });
  const initial = first ? use(first.load.settled) : null;
  const [state, setState] = useState<LiveRoomData<T>>(initial ?? { data: null, failed: false });
  useEffect(() => {
    if (!token) return;
    let current = true;
    const fromFirst = first !== null && first.token === token && first.refreshCount === refreshCount;
    if (first) firstLoads.delete(first.id);
    const request = fromFirst ? first.load.answer : load(token);
    request.then(
      (data) => current && setState({ data, failed: false }),
      () => current && setState((previous) => ({ data: previous.data, failed: true })),
    );
    return () => {
      current = false;
    };
    // The data depends on the event and the refresh only (`key` names what `load` fetches).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, refreshCount]);
  return state;
}
