// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { createStore, useStore } from './store';

function Count({ store, onRender }: { store: ReturnType<typeof counter>; onRender?: () => void }) {
  const count = useStore(store, (state) => state.count);
  onRender?.();
  return (
    <button
      type="button"
      onClick={() =>
        store.update((draft) => {
          draft.count += 1;
        })
      }
    >
      {`count ${count}`}
    </button>
  );
}

const counter = () => createStore({ count: 0, other: 'a' });

describe('useStore', () => {
  it('shows a change that comes from outside any input (an answer, a socket message)', async () => {
    const store = counter();
    render(<Count store={store} />);
    await act(async () => {
      store.update((draft) => {
        draft.count = 5;
      });
    });
    expect(screen.getByRole('button').textContent).toBe('count 5');
  });

  it("shows the viewer's own input at once", () => {
    const store = counter();
    render(<Count store={store} />);
    act(() => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(screen.getByRole('button').textContent).toBe('count 1');
  });

  it('does not miss a change made between the render and the subscription', async () => {
    const store = counter();
    function ChangesOnMount() {
      // Layout effects run before the passive effect in which Count subscribes.
      useLayoutEffect(() => {
        store.update((draft) => {
          draft.count = 9;
        });
      }, []);
      return <Count store={store} />;
    }
    await act(async () => {
      render(<ChangesOnMount />);
    });
    expect(screen.getByRole('button').textContent).toBe('count 9');
  });

  it('does not render again for a change to another slice', async () => {
    const store = counter();
    let renders = 0;
    render(<Count store={store} onRender={() => (renders += 1)} />);
    const before = renders;
    await act(async () => {
      store.update((draft) => {
        draft.other = 'b';
      });
    });
    expect(renders).toBe(before);
  });
});
