/**
 * The event's room in the viewer app at a phone's size, in the theme picked in the form (saved or not): the real app
 * in a frame, told the theme by `preview_theme` in its hash query (src/app/preview-theme.ts, honoured inside a frame
 * only). A new pick changes only the hash, so the room switches its theme in place instead of loading again. The
 * signed-in organiser's session is the app's too, so an owner or operator sees the room past its gates.
 */
import { useId, useState } from 'react';
import * as styles from '../app/console.css.ts';
import { useT } from '../app/i18n.ts';
import * as preview from './preview.css.ts';

const VARIANTS = ['default', 'channel'] as const;
type Variant = (typeof VARIANTS)[number];

export function PhonePreview({ token, theme }: { token: string | undefined; theme: string | undefined }) {
  const { t } = useT();
  const headingId = useId();
  const variantId = useId();
  const [variant, setVariant] = useState<Variant>('default');
  const query = new URLSearchParams({ token: token ?? '', preview_theme: theme ?? '' });
  if (variant !== 'default') query.set('preview_variant', variant);
  return (
    <section className={preview.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.label}>
        {t('live.phone.heading')}
      </h2>
      {token ? (
        <>
          <p className={styles.hint}>{t('live.phone.hint')}</p>
          <div className={styles.row}>
            <label htmlFor={variantId}>{t('live.phone.variant')}</label>
            <select
              id={variantId}
              className={styles.input}
              value={variant}
              onChange={(event) => setVariant(event.currentTarget.value as Variant)}
            >
              {VARIANTS.map((name) => (
                <option key={name} value={name}>
                  {t(`live.phone.variant_${name}`)}
                </option>
              ))}
            </select>
          </div>
          <iframe
            className={preview.phone}
            title={t('live.phone.frame')}
            data-testid="phone-preview"
            src={`/livev3/#/pages/home/index?${query.toString()}`}
          />
        </>
      ) : (
        <p className={styles.hint}>{t('live.phone.unsaved')}</p>
      )}
    </section>
  );
}
