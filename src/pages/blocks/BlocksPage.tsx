import { useTranslation } from '../../lib/i18n';
import { BlockList } from '../../blocks/BlockList';
import { useRouteConfig } from '../../engine/route-context';
import { useMemo } from 'react';
import { EARLY_TEXT } from '../../lib/early';
import { usePageName } from '../../lib/entity-title';
import { PAGE_HEADING_ID, PageHeadingContext } from '../../ui/page/page-heading';
import * as styles from '../../ui/page/page.css';

/**
 * A page that is nothing but its configured blocks under its title (the page's one h1; blocks do not repeat it). A
 * page whose block shows a named record (a contest, a product, a lottery...) is titled by that name once it is in;
 * on the first screen the start-up fills it from its early answer where it has one (the contest home's).
 */
export default function BlocksPage() {
  const route = useRouteConfig();
  const { i18n } = useTranslation();
  const name = usePageName();
  const title = name || (i18n.language === 'en' ? route.title.en : route.title['zh-CN']);
  const heading = useMemo(() => ({ id: PAGE_HEADING_ID, text: title }), [title]);
  return (
    <main className={styles.page}>
      <h1 id={PAGE_HEADING_ID} className={styles.title} {...{ [EARLY_TEXT]: 'title' }}>
        {title}
      </h1>
      <PageHeadingContext.Provider value={heading}>
        <BlockList blocks={route.blocks} />
      </PageHeadingContext.Provider>
    </main>
  );
}
