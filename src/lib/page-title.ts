/**
 * The document title. Each route sets its own (its configured title; the not-found page its notice), and a page whose
 * real name arrives with its data (a channel's name) claims the title while it shows. A claim outranks the route's
 * title whichever is set first (a child's effect runs before its parent's), and ends when its page unmounts, so a
 * page never keeps the previous page's title.
 */
import { useEffect } from 'react';

let routeTitle = '';
const claims: { title: string }[] = [];

function apply(): void {
  if (typeof document === 'undefined') return;
  document.title = claims.at(-1)?.title || routeTitle;
}

/** The current route's own title (RoutePage, the not-found page). */
export function setRouteTitle(title: string): void {
  routeTitle = title;
  apply();
}

/** While the calling component shows a non-empty `title`, it is the document title. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const claim = { title };
    claims.push(claim);
    apply();
    return () => {
      claims.splice(claims.indexOf(claim), 1);
      apply();
    };
  }, [title]);
}
