/**
 * One heading per page. A page that shows its title as its h1 (the blocks page) says so here; a block whose own title
 * would only repeat it (用户登录 over the login form, 确认订单 over the checkout) draws no heading of its own and is
 * labelled by the page's h1 instead. On a page without such a heading the block keeps its own.
 */
import { createContext, useContext } from 'react';

export type PageHeading = { id: string; text: string };

export const PageHeadingContext = createContext<PageHeading | null>(null);

/** The page's h1 id for a page that has one. */
export const PAGE_HEADING_ID = 'page-title';

/**
 * For a block titled `text` whose own heading has the id `id`: whether to draw that heading (`own`), the id that
 * names the block (`labelledBy`, the page's h1 when the block's title repeats it), and the level of the block's
 * section headings (`sub`): one below the block's own h2, or h2 right under the page's h1 when the block draws none.
 */
export function useBlockHeading(
  id: string,
  text: string,
): { own: boolean; labelledBy: string; sub: 'h2' | 'h3' } {
  const page = useContext(PageHeadingContext);
  const repeats = page !== null && page.text.trim() === text.trim();
  return { own: !repeats, labelledBy: repeats ? page.id : id, sub: repeats ? 'h2' : 'h3' };
}
