import { useTranslation } from '../../lib/i18n';
import type { BlockProps } from '../types';
import * as styles from './Footer.css';

export function Footer({ props }: BlockProps<'footer'>) {
  const { i18n } = useTranslation();
  const text = i18n.language === 'en' ? props.text.en : props.text['zh-CN'];
  return (
    <footer className={styles.root}>
      <p>{text}</p>
    </footer>
  );
}
