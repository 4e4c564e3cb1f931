import { useEffect, useState, type ComponentType } from 'react';
import { appConfig } from '../engine/config';
import { lookup } from '../engine/registry';
import { pageRegistry, type PageModule } from '../pages/registry';
import { DelayedSpinner } from '../ui/spinner/Spinner';
import { ChunkErrorScreen } from './ChunkErrorScreen';

type LoadState = { status: 'loading' } | { status: 'ready'; Page: ComponentType } | { status: 'failed'; timedOut: boolean };

class PageLoadTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadTimeout(`page load took over ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Modules already loaded render at once on later visits, without a loading frame. */
const loaded = new Map<string, ComponentType>();

/**
 * Loads a page module by registry key. The spinner appears only after the configured delay (200 ms), the load gives
 * up after the page-load time-out (60 s), and a failed chunk shows a retry screen instead of crashing the app.
 */
export function PageLoader({ pageKey }: { pageKey: string }) {
  const [attempt, setAttempt] = useState(0);
  const cached = loaded.get(pageKey);
  const [state, setState] = useState<LoadState>(cached ? { status: 'ready', Page: cached } : { status: 'loading' });

  useEffect(() => {
    if (loaded.has(pageKey) && attempt === 0) {
      setState({ status: 'ready', Page: loaded.get(pageKey) as ComponentType });
      return;
    }
    const load = lookup<() => Promise<PageModule>>(pageRegistry, pageKey);
    if (!load) {
      setState({ status: 'failed', timedOut: false });
      return;
    }
    let active = true;
    setState({ status: 'loading' });
    withTimeout(load(), appConfig.constants.pageLoadTimeoutMs).then(
      (module) => {
        loaded.set(pageKey, module.default);
        if (active) setState({ status: 'ready', Page: module.default });
      },
      (error: unknown) => {
        if (!active) return;
        // A second failure of the same chunk: the browser may keep the failed module, so reload the document.
        if (attempt >= 1) window.location.reload();
        else setState({ status: 'failed', timedOut: error instanceof PageLoadTimeout });
      },
    );
    return () => {
      active = false;
    };
  }, [pageKey, attempt]);

  if (state.status === 'ready') return <state.Page />;
  if (state.status === 'failed') {
    return <ChunkErrorScreen timedOut={state.timedOut} onRetry={() => setAttempt((value) => value + 1)} />;
  }
  return <DelayedSpinner delayMs={appConfig.constants.pageLoadIndicatorDelayMs} />;
}
