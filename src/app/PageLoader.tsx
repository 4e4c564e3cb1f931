import { createElement, useEffect, useState, type ComponentType } from 'react';
import { appConfig } from '../engine/config';
import { lookup } from '../engine/registry';
import { pageRegistry, pagesWithBlocks, type PageModule } from '../pages/registry';
import { useFirstScreenShown } from '../lib/first-screen';
import { DelayedSpinner } from '../ui/spinner/Spinner';
import { PageFailure } from './PageFailure';
import { LoadTimeout, withTimeout } from '../lib/time-limit';

/** Modules already loaded render at once on later visits, without a loading frame. */
const loaded = new Map<string, ComponentType>();

type LoadResult = { request: string; Page?: ComponentType; timedOut?: boolean };

/**
 * Loads a page module by registry key. The spinner appears only after the configured delay (200 ms), the load gives
 * up after the page-load time-out (60 s), and a failed chunk shows a retry screen instead of crashing the app.
 */
export function PageLoader({ pageKey }: { pageKey: string }) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<LoadResult | null>(null);
  const request = `${pageKey}#${attempt}`;
  const cached = attempt === 0 ? loaded.get(pageKey) : undefined;

  useEffect(() => {
    if (cached) return;
    const load = lookup<() => Promise<PageModule>>(pageRegistry, pageKey);
    let active = true;
    const module = load
      ? withTimeout(load(), appConfig.constants.pageLoadTimeoutMs)
      : Promise.reject(new Error(`no page ${pageKey}`));
    module.then(
      ({ default: Page }) => {
        loaded.set(pageKey, Page);
        if (active) setResult({ request, Page });
      },
      (error: unknown) => {
        if (!active) return;
        // A second failure of the same chunk: the browser may keep the failed module, so reload the document.
        if (attempt >= 1) window.location.reload();
        else setResult({ request, timedOut: error instanceof LoadTimeout });
      },
    );
    return () => {
      active = false;
    };
  }, [pageKey, attempt, cached, request]);

  const current = result?.request === request ? result : null;
  const Page = cached ?? current?.Page;
  // Pages of blocks replace the start-up's first screen when their blocks are rendered (blocks/BlockList.tsx); the
  // others as they are committed (a page that failed to load: PageFailure).
  useFirstScreenShown(Page !== undefined && !pagesWithBlocks.has(pageKey));
  // The page component comes from the registry module, loaded once and kept in `loaded`; it is not created here.
  if (Page) return createElement(Page);
  if (current) {
    return (
      <PageFailure
        kind={current.timedOut ? 'timeout' : 'chunk'}
        onRetry={() => setAttempt((value) => value + 1)}
      />
    );
  }
  return <DelayedSpinner delayMs={appConfig.constants.pageLoadIndicatorDelayMs} />;
}
