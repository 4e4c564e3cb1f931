import './action-texts';
import { Link } from 'react-router-dom';
import { appConfig } from '../../engine/config';
import { pageShowing } from '../../engine/routes';
import { useTranslation } from '../../lib/i18n';
import { buildPath } from '../../lib/navigation';
import * as styles from './actions.css';

/**
 * The way to the user centre from the live room and the channel home: a link named 'My account' to the page config
 * shows the account-user block on, keeping the event, the inviter and the language. `className` takes the look of
 * the place it sits in; without it, the outlined pill of the save button beside it.
 */
export function AccountLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const path = pageShowing(appConfig, 'account-user');
  if (!path) return null;
  return (
    <Link className={className ?? styles.account} to={buildPath(path)}>
      {t('accountActions.account')}
    </Link>
  );
}
