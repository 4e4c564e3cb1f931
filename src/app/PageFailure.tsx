import { useLayoutEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { endFirstScreen } from '../lib/first-screen';
import { ErrorState } from '../ui/error-state/ErrorState';

/** Why a page shows instead of the one asked for: its chunk failed or timed out, or the app crashed outside a block. */
export type PageFailureKind = 'chunk' | 'timeout' | 'crash';

const titles = { chunk: 'app.chunkFailed', timeout: 'app.pageTimeout', crash: 'app.crashed' } as const;

/** A readable page with a way out (retry the chunk, reload the app) instead of a blank one. */
export function PageFailure({ kind, onRetry }: { kind: PageFailureKind; onRetry(): void }) {
  const { t } = useTranslation();
  // It takes the start-up's first screen's place whatever held that screen (a crash may leave a hold behind).
  useLayoutEffect(endFirstScreen, []);
  return (
    <main>
      <ErrorState
        heading="h1"
        title={t(titles[kind])}
        message={kind === 'crash' ? undefined : t('app.chunkFailedHint')}
        actionLabel={t(kind === 'crash' ? 'ui.refresh' : 'ui.retry')}
        onAction={onRetry}
      />
    </main>
  );
}
