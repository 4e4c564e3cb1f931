/**
 * A minimal external store: state changes go through immer recipes, components read slices with selectors
 * (`useStore`), so a chat message re-renders only the components whose selected slice changed.
 */
import { produce, type Draft } from 'immer';
import { startTransition, useEffect, useReducer, useRef } from 'react';

export type Store<S> = {
  get(): S;
  update(recipe: (draft: Draft<S>) => void): void;
  reset(): void;
  subscribe(listener: () => void): () => void;
};

export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    get: () => state,
    update(recipe) {
      const next = produce(state, recipe);
      if (next !== state) {
        state = next;
        emit();
      }
    },
    reset() {
      state = initial;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Whether the update under way answers the viewer's own input (a tap, a key, a form's change or submit), which must
 * show at once. Everything else (an answer from the server, a socket message, a timer) renders as a transition.
 */
function urgentUpdate(): boolean {
  const event = typeof window === 'undefined' ? undefined : window.event;
  return !!event && (event instanceof UIEvent || event.type === 'change' || event.type === 'submit');
}

/**
 * A subscription to an external source that renders the source's changes as transitions unless they answer the
 * viewer's input. useSyncExternalStore renders every change synchronously, in one task: when the event's detail,
 * the chat's history and the vote totals arrive while the page loads, each re-render of the page blocks the main
 * thread for as long as it takes. A transition is rendered in slices the browser can interleave with its own work.
 * `read` must return the same value while the source has not changed (as useSyncExternalStore's snapshot).
 */
export function useSubscription<T>(subscribe: (listener: () => void) => () => void, read: () => T): T {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const value = read();
  const shown = useRef(value);
  useEffect(() => {
    shown.current = value;
  });
  useEffect(() => {
    const check = () => {
      if (Object.is(read(), shown.current)) return;
      if (urgentUpdate()) rerender();
      else startTransition(rerender);
    };
    // A change between this component's render and its subscription is not missed.
    check();
    return subscribe(check);
  }, [subscribe, read]);
  return value;
}

export function useStore<S, T>(store: Store<S>, selector: (state: S) => T): T {
  return useSubscription(store.subscribe, () => selector(store.get()));
}
