import { describe, expect, it } from 'vitest';
import { PagedSource } from './paged';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function pages(total: number, size: number) {
  const calls: number[] = [];
  const fetchPage = async (page: number) => {
    calls.push(page);
    const list = Array.from(
      { length: Math.min(size, total - (page - 1) * size) },
      (_, i) => (page - 1) * size + i + 1,
    );
    return { list, total, page, page_size: size, has_more: page * size < total };
  };
  return { calls, fetchPage };
}

describe('PagedSource', () => {
  it('loads page after page until the last one', async () => {
    const { calls, fetchPage } = pages(5, 2);
    const source = new PagedSource(fetchPage);
    source.start();
    await flush();
    source.loadMore();
    await flush();
    source.loadMore();
    await flush();
    source.loadMore();
    await flush();
    expect(calls).toEqual([1, 2, 3]);
    expect(source.getState()).toMatchObject({ items: [1, 2, 3, 4, 5], hasMore: false, page: 3 });
  });

  it('drops answers that arrive after it was stopped, and starts over cleanly', async () => {
    const { calls, fetchPage } = pages(4, 2);
    const source = new PagedSource(fetchPage);
    source.start();
    source.stop();
    source.start();
    await flush();
    expect(calls).toEqual([1, 1]);
    expect(source.getState().items).toEqual([1, 2]);
  });

  it('refetches the loaded pages in place', async () => {
    let bump = 0;
    const source = new PagedSource(async (page: number) => ({
      list: [page * 10 + bump],
      total: 2,
      page,
      page_size: 1,
      has_more: page < 2,
    }));
    source.start();
    await flush();
    source.loadMore();
    await flush();
    bump = 1;
    source.refresh();
    await flush();
    expect(source.getState().items).toEqual([11, 21]);
  });
});
