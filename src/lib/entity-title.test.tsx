// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageName, usePageNamedBy } from './entity-title';
import { setRouteTitle } from './page-title';

function Heading({ fallback }: { fallback: string }) {
  return <h1>{usePageName() ?? fallback}</h1>;
}
function Record({ name }: { name: string | null }) {
  usePageNamedBy(name);
  return null;
}

afterEach(cleanup);

describe('a page named by its data', () => {
  it("titles the document and the page's heading by the record while it shows, the route's title before and after", () => {
    setRouteTitle('幸运抽奖');
    const { rerender } = render(
      <>
        <Heading fallback="幸运抽奖" />
        <Record name={null} />
      </>,
    );
    expect(screen.getByRole('heading').textContent).toBe('幸运抽奖');
    expect(document.title).toBe('幸运抽奖');
    act(() =>
      rerender(
        <>
          <Heading fallback="幸运抽奖" />
          <Record name="直播间幸运大转盘" />
        </>,
      ),
    );
    expect(screen.getByRole('heading').textContent).toBe('直播间幸运大转盘');
    expect(document.title).toBe('直播间幸运大转盘');
    act(() => rerender(<Heading fallback="幸运抽奖" />));
    expect(screen.getByRole('heading').textContent).toBe('幸运抽奖');
    expect(document.title).toBe('幸运抽奖');
  });
});
