/**
 * Outside production the server answers the code it sent beside `resend_after` (`dev_code` of the send-code calls,
 * schemas/api/accounts.json): no SMS gateway is wired locally and the mail stays in the server's sink. This notice
 * shows it under the form, labelled as a development aid; in production the field is never sent and nothing shows.
 */
import { addMessages, useTranslation } from '../../lib/i18n';
import en from './dev-code.en.json';
import zhCN from './dev-code.zh-CN.json';
import * as styles from './DevCodeNotice.css';

addMessages('devCode', { 'zh-CN': zhCN, en });

type Props = {
  /** The code the server answered as `dev_code`; nothing renders without one. */
  code: string | undefined;
  /** Where it went: the phone number or the e-mail address. */
  to: string;
  channel: 'sms' | 'mail';
};

export function DevCodeNotice({ code, to, channel }: Props) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <div className={styles.notice} role="note" aria-label={t('devCode.label')}>
      <strong className={styles.label}>{t('devCode.label')}</strong>
      {channel === 'sms' ? t('devCode.sms', { to }) : t('devCode.mail', { to })}{' '}
      <output className={styles.code}>{code}</output> {t('devCode.production')}
    </div>
  );
}
