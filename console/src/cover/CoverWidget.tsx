/**
 * The event form's cover field: its address (an image under the upload host), an upload button beside it that puts a
 * chosen image there (upload-cover.ts), and the cover as it is now. Refusals (type, size, a failed upload) show beside
 * the field; the address is kept as it was.
 */
import type { WidgetProps } from '@rjsf/utils';
import { useRef, useState } from 'react';
import * as styles from '../app/console.css.ts';
import { useT } from '../app/i18n.ts';
import * as cover from './cover.css.ts';
import { COVER_TYPES, CoverRefused, uploadCover } from './upload-cover.ts';

export function CoverWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const { t } = useT();
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const url = typeof value === 'string' ? value : '';

  const chosen = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem('');
    try {
      onChange(await uploadCover(file));
    } catch (error) {
      const refused = error instanceof CoverRefused ? error.problem : ({ kind: 'failed' } as const);
      setProblem(
        refused.kind === 'type'
          ? t('live.cover.badType')
          : refused.kind === 'size'
            ? t('live.cover.tooLarge', { size: Math.floor(refused.maxBytes / 1024 / 1024) })
            : t('live.cover.failed'),
      );
    } finally {
      setBusy(false);
      if (picker.current) picker.current.value = '';
    }
  };

  return (
    <div>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.input}
          type="text"
          value={url}
          disabled={disabled || readonly}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {!(disabled || readonly) && (
          <button
            type="button"
            className={styles.button.secondary}
            disabled={busy}
            onClick={() => picker.current?.click()}
          >
            {busy ? t('live.cover.uploading') : t('live.cover.upload')}
          </button>
        )}
        <input
          ref={picker}
          type="file"
          accept={COVER_TYPES.join(',')}
          hidden
          onChange={(event) => void chosen(event.currentTarget.files?.[0])}
        />
      </div>
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      {url && <img className={cover.image} src={url} alt={t('live.cover.image')} />}
    </div>
  );
}
