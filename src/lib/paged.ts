import { useEffect, useMemo } from 'react';
import { useSubscription } from './store';

/** One page of a paged list, as every list endpoint answers it. */
export type Page<T> = { list: T[]; total: number; page: number; page_size: number; has_more: boolean };

export type PagedState<T> = {
  items: T[];
  total: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  /** Pages loaded so far. */
  page: number;
};

export type PagedList<T> = PagedState<T> & {
  /** Loads the next page (also the retry after a failure). */
  loadMore(): void;
  /** Refetches the loaded pages in place (no flash, scroll kept): for rankings whose order follows live counts. */
  refresh(): void;
};

/**
 * The pages of one query, outside React: a generation number drops the answers of a stopped source, so a slow
 * answer to an old query (or to StrictMode's first mount) never lands in the list.
 */
export class PagedSource<T> {
  private state: PagedState<T> = {
    items: [],
    total: 0,
    hasMore: true,
    loading: false,
    failed: false,
    page: 0,
  };
  private readonly listeners = new Set<() => void>();
  private generation = 0;
  private active = false;

  constructor(private readonly fetchPage: (page: number) => Promise<Page<T>>) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private set(patch: Partial<PagedState<T>>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  start() {
    this.active = true;
    if (this.state.page === 0 && !this.state.loading) this.loadMore();
  }

  stop() {
    this.active = false;
    this.generation += 1;
    if (this.state.loading) this.set({ loading: false });
  }

  loadMore = () => {
    if (!this.active || this.state.loading || !this.state.hasMore) return;
    const generation = this.generation;
    const page = this.state.page + 1;
    this.set({ loading: true });
    this.fetchPage(page).then(
      (result) => {
        if (generation !== this.generation) return;
        this.set({
          items: page === 1 ? result.list : [...this.state.items, ...result.list],
          total: result.total,
          hasMore: result.has_more,
          loading: false,
          failed: false,
          page,
        });
      },
      () => {
        if (generation === this.generation) this.set({ loading: false, failed: true });
      },
    );
  };

  refresh = () => {
    const { page, loading } = this.state;
    if (!this.active || page === 0 || loading) return;
    const generation = this.generation;
    const pages = Array.from({ length: page }, (_, index) => index + 1);
    Promise.all(pages.map((number) => this.fetchPage(number))).then(
      (results) => {
        if (generation !== this.generation || this.state.page !== page) return;
        const last = results[results.length - 1];
        this.set({
          items: results.flatMap((result) => result.list),
          total: last.total,
          hasMore: last.has_more,
        });
      },
      () => {},
    );
  };
}

/**
 * Pages of a list, loaded on demand (infinite scroll). `key` names the query: when it changes the list starts over
 * with `fetchPage` of that render.
 */
export function usePagedList<T>(key: string, fetchPage: (page: number) => Promise<Page<T>>): PagedList<T> {
  // `key` stands for everything fetchPage depends on; a new fetchPage identity with the same key is the same query.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const source = useMemo(() => new PagedSource(fetchPage), [key]);
  useEffect(() => {
    source.start();
    return () => source.stop();
  }, [source]);
  const state = useSubscription(source.subscribe, source.getState);
  return { ...state, loadMore: source.loadMore, refresh: source.refresh };
}
