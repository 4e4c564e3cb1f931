/**
 * A minimal external store: state changes go through immer recipes, components read slices with selectors through
 * useSyncExternalStore, so a chat message re-renders only the components whose selected slice changed.
 */
import { produce, type Draft } from 'immer';
import { useSyncExternalStore } from 'react';

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

export function useStore<S, T>(store: Store<S>, selector: (state: S) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.get()),
    () => selector(store.get()),
  );
}
