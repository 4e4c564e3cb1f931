/**
 * A page named by its data: a contest's home, a product, a lottery, a daily bonus, a score table. The route's title in
 * config is generic ('模板', '商品详情', '幸运抽奖'); while a block shows the record, the record's name is the document
 * title (page-title.ts) and the heading of the page (the blocks page's h1, which reads it here). A claim ends when
 * its block unmounts, so a page never keeps another record's name.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { usePageTitle } from './page-title';

const claims: { name: string }[] = [];
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => claims.at(-1)?.name;

/** While the calling block shows the record named `name` (non-empty), the page is titled by it. */
export function usePageNamedBy(name: string | null | undefined): void {
  usePageTitle(name);
  useEffect(() => {
    if (!name) return;
    const claim = { name };
    claims.push(claim);
    listeners.forEach((listener) => listener());
    return () => {
      claims.splice(claims.indexOf(claim), 1);
      listeners.forEach((listener) => listener());
    };
  }, [name]);
}

/** The name of the record the page shows, if a block has claimed one. */
export function usePageName(): string | undefined {
  return useSyncExternalStore(subscribe, current, () => undefined);
}
