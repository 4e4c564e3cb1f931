import { useTranslation } from '../../lib/i18n';
import { BlockList } from '../../blocks/BlockList';
import { useRouteConfig } from '../../engine/route-context';
import * as styles from '../../ui/page/page.css';

/** A page that is nothing but its configured blocks under its title. */
export default function BlocksPage() {
  const route = useRouteConfig();
  const { i18n } = useTranslation();
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{i18n.language === 'en' ? route.title.en : route.title['zh-CN']}</h1>
      <BlockList blocks={route.blocks} />
    </main>
  );
}
