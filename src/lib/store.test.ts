import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store';

describe('createStore', () => {
  it('applies immer recipes and notifies subscribers only on change', () => {
    const store = createStore({ messages: [] as string[], title: 'a' });
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.get();
    store.update((draft) => {
      draft.messages.push('hi');
    });
    expect(store.get().messages).toEqual(['hi']);
    expect(before.messages).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(1);
    store.update(() => {});
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps untouched slices referentially equal so selectors skip re-renders', () => {
    const store = createStore({ info: { title: 'x' }, chat: [] as string[] });
    const info = store.get().info;
    store.update((draft) => {
      draft.chat.push('m');
    });
    expect(store.get().info).toBe(info);
  });

  it('resets to the initial state', () => {
    const store = createStore({ n: 1 });
    store.update((draft) => {
      draft.n = 2;
    });
    store.reset();
    expect(store.get().n).toBe(1);
  });
});
