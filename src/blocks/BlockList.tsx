import { Suspense } from 'react';
import type { BlockConfig } from '../engine/config';
import { lookup } from '../engine/registry';
import { blockRegistry } from './registry';
import { isLazyBlock, reloadOf } from './types';
import { FailureBoundary } from '../ui/boundary/FailureBoundary';
import { ErrorState } from '../ui/error-state/ErrorState';
import { useTranslation } from '../lib/i18n';
import { useFirstScreenShown } from '../lib/first-screen';

function BlockFailure({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return <ErrorState title={t('app.blockFailed')} actionLabel={t('ui.retry')} onAction={onRetry} />;
}

function FirstScreenShown() {
  useFirstScreenShown();
  return null;
}

/**
 * Renders a route's blocks in config order. The config check has already rejected unknown types.
 *
 * Blocks up to the first lazily registered one (see `lazyBlock`) render at once. From there on, the rest of the page
 * waits in one Suspense boundary until its code (and the first data of blocks that suspend for it) has arrived, so
 * blocks do not appear one by one above content already on screen and push it down (layout shift).
 */
export function BlockList({
  blocks,
  loading = false,
}: {
  blocks: readonly BlockConfig[];
  /** The page's data is still on its way: only the blocks up to the first lazy one, in their before-data state. */
  loading?: boolean;
}) {
  const rendered = blocks.flatMap((block, index) => {
    const Block = lookup(blockRegistry, block.type);
    if (!Block) return [];
    // A block that fails (its code did not load, or it threw) shows a notice with a retry in its place, alone.
    const element = (
      <FailureBoundary
        key={`${block.type}-${index}`}
        fallback={(retry) => <BlockFailure onRetry={retry} />}
        onRetry={reloadOf(Block)}
      >
        <Block props={block.props ?? {}} />
      </FailureBoundary>
    );
    return [{ lazy: isLazyBlock(Block), element }];
  });
  const firstLazy = rendered.findIndex((block) => block.lazy);
  const split = firstLazy === -1 ? rendered.length : firstLazy;
  const first = rendered.slice(0, split).map((block) => block.element);
  if (loading) return first;
  const later = rendered.slice(split).map((block) => block.element);
  // The page's first screen replaces the start-up's prerendered one (lib/first-screen.ts) once it is rendered: its
  // blocks up to the first lazy one, or where all are lazy, the lazy ones.
  return (
    <>
      {first}
      {first.length > 0 ? <FirstScreenShown /> : null}
      {later.length > 0 ? (
        <Suspense fallback={null}>
          {later}
          {first.length === 0 ? <FirstScreenShown /> : null}
        </Suspense>
      ) : null}
    </>
  );
}
