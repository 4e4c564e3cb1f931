import '../../features/channel/messages';
import { useCallback, useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { fetchCategoryHtml, fetchCategoryVideos } from '../../features/channel/api';
import { useChannel } from '../../features/channel/store';
import { VideoGrid } from '../../features/channel/VideoGrid';
import { usePagedList } from '../../lib/paged';
import { useTranslation } from '../../lib/i18n';
import { localized } from '../../lib/localized';
import { card, heading } from '../../ui/card/card.css';
import type { BlockProps } from '../types';
import * as styles from './ChannelVideos.css';

// The sanitizer (DOMPurify) loads beside the category's HTML request, not with the channel home's first screen.
const loadSanitizer = () => import('../../features/video/sanitize-html');

function CategoryHtml({ token, categoryId }: { token: string; categoryId: number }) {
  const key = `${token}:${categoryId}`;
  const [loaded, setLoaded] = useState({ key: '', html: '' });
  useEffect(() => {
    let current = true;
    if (categoryId)
      Promise.all([fetchCategoryHtml(token, categoryId), loadSanitizer()]).then(
        ([value, { sanitizeHtml }]) =>
          current && setLoaded({ key: `${token}:${categoryId}`, html: value ? sanitizeHtml(value) : '' }),
        () => {},
      );
    return () => {
      current = false;
    };
  }, [token, categoryId]);
  if (loaded.key !== key || !loaded.html) return null;
  // Safe: sanitizeHtml keeps only allow-listed elements and attributes (no scripts or handlers).
  return <div className={styles.html} dangerouslySetInnerHTML={{ __html: loaded.html }} />;
}

/** Category tabs over the channel's videos: a windowed, paged list per category, restarted by pull-down refresh. */
export function ChannelVideos({ props }: BlockProps<'channel-videos'>) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const info = useChannel((state) => state.channelInfo);
  const refreshCount = useChannel((state) => state.refreshCount);
  const pageSize = props.pageSize;
  const tabs = useMemo(() => {
    // The organiser's category names in the viewer's language (their English version where written).
    const categories = (info?.categories ?? []).map((category) => ({
      ...category,
      name: localized(category.name, category.name_en, i18n.language),
    }));
    const total = categories.reduce((sum, category) => sum + category.count, 0);
    return !props.showAll ? categories : [{ id: 0, name: t('channel.all'), count: total }, ...categories];
  }, [info, props.showAll, t, i18n.language]);
  const [selected, setSelected] = useState<number | null>(null);
  const categoryId = selected ?? tabs[0]?.id ?? 0;
  const token = info?.token ?? '';
  const fetchPage = useCallback(
    (page: number) => fetchCategoryVideos(token, categoryId, page, pageSize),
    [token, categoryId, pageSize],
  );
  const list = usePagedList(`${token}:${categoryId}:${refreshCount}`, fetchPage);

  if (!info) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === categoryId);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    setSelected(next.id);
    document.getElementById(`${titleId}-tab-${next.id}`)?.focus();
  };
  const current = tabs.find((tab) => tab.id === categoryId);
  return (
    <section className={card} aria-labelledby={titleId}>
      <h2 id={titleId} className={heading}>
        {t('channel.categories')}
      </h2>
      <div role="tablist" aria-labelledby={titleId} className={styles.tabs} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${titleId}-tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={tab.id === categoryId}
            aria-controls={`${titleId}-panel`}
            tabIndex={tab.id === categoryId ? 0 : -1}
            className={styles.tab}
            onClick={() => setSelected(tab.id)}
          >
            {tab.name}
            <span className={styles.count}>{tab.count}</span>
          </button>
        ))}
      </div>
      <div id={`${titleId}-panel`} role="tabpanel" aria-labelledby={`${titleId}-tab-${categoryId}`}>
        <CategoryHtml token={token} categoryId={categoryId} />
        <VideoGrid list={list} label={current?.name ?? t('channel.categories')} />
      </div>
    </section>
  );
}
