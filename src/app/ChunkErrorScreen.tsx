import { useTranslation } from '../lib/i18n';
import { ErrorState } from '../ui/error-state/ErrorState';

export function ChunkErrorScreen({ timedOut, onRetry }: { timedOut: boolean; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <main>
      <ErrorState
        title={timedOut ? t('app.pageTimeout') : t('app.chunkFailed')}
        message={t('app.chunkFailedHint')}
        actionLabel={t('ui.retry')}
        onAction={onRetry}
      />
    </main>
  );
}
