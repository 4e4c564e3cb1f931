import { EARLY_SRC, EARLY_TEXT } from '../../lib/early';
import * as styles from './ChannelHeader.css';

/**
 * The channel's header before the channel has arrived, box for box: the cover (which the start-up fills from its
 * early answer on the prerendered first screen), the logo's place, the name and the row of actions.
 */
export function ChannelHeaderLoading() {
  return (
    <header className={styles.header} aria-hidden="true">
      <div className={styles.coverBox}>
        <img className={styles.cover} {...{ [EARLY_SRC]: 'cover' }} alt="" width={750} height={280} hidden />
      </div>
      <div className={styles.identity}>
        <span className={styles.logo} />
        <div className={styles.names}>
          <p className={styles.title} {...{ [EARLY_TEXT]: 'title' }}>
            {'\u00a0'}
          </p>
          <p className={styles.followers}>{'\u00a0'}</p>
        </div>
      </div>
      <div className={styles.actionsBox} />
    </header>
  );
}
