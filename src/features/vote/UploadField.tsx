import { useEffect, useRef, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { button } from '../../ui/button/button.css';
import { media, note } from '../../ui/card/card.css';
import type { FieldControlProps } from '../../ui/field/Field';
import { error } from '../../ui/field/Field.css';
import { checkUploadCount, uploadFile } from '../../ui/upload/upload';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import type { UploadItem } from './sign-up-form';
import * as styles from './UploadField.css';
import { now } from '../../lib/clock';

let nextUploadId = 1;

/** How many files a field takes: one video, or the contest's number of images (at least one). */
export const uploadLimit = (kind: 'images' | 'video', maxCount: number) =>
  kind === 'video' ? 1 : Math.max(1, maxCount);

/**
 * Images (up to `maxCount`) or one video, uploaded through src/ui/upload/upload.ts as soon as they are chosen: each shows
 * its progress; a failure (the toast 'network poor, upload failed' is shown by the upload helper) can be removed and
 * chosen again. Too many images -> 'upload count exceeds limit'; a video over 300 MB -> the size dialog.
 *
 * The browser's own file input says 'No file chosen' in its own language whatever happened, so it stays hidden (still
 * focusable, and Enter or Space opens the chooser) inside a label styled as the form's button, and a status line
 * says in the app's language what was chosen and uploaded. It is a Field's control: `control` ties the input to the
 * Field's label, hint and error.
 */
export function UploadField({
  control,
  kind,
  maxCount,
  items,
  onChange,
}: {
  control: FieldControlProps & { name?: string };
  kind: 'images' | 'video';
  maxCount: number;
  items: UploadItem[];
  onChange(update: (items: UploadItem[]) => UploadItem[]): void;
}) {
  const { t } = useTranslation();
  const limit = uploadLimit(kind, maxCount);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const patch = (itemId: string, change: Partial<UploadItem>) =>
    onChange((current) => current.map((item) => (item.id === itemId ? { ...item, ...change } : item)));

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    const kept = items.filter((item) => item.state !== 'failed');
    if (!checkUploadCount(kept.length + files.length, limit)) return;
    const added = files.map((file) => {
      const preview = kind === 'images' ? URL.createObjectURL(file) : undefined;
      if (preview) previews.current.add(preview);
      const item: UploadItem = {
        // Unique across reloads too: a restored draft brings the items uploaded before.
        id: `u${now().toString(36)}-${nextUploadId++}`,
        name: file.name,
        progress: 0,
        state: 'uploading',
        preview,
      };
      return { file, item };
    });
    onChange((current) => [
      ...current.filter((item) => item.state !== 'failed'),
      ...added.map(({ item }) => item),
    ]);
    for (const { file, item } of added) {
      try {
        const uploaded = await uploadFile(file, {
          loading: false,
          onProgress: (percent) => patch(item.id, { progress: percent }),
        });
        patch(item.id, { state: 'done', progress: 100, url: uploaded.url });
      } catch {
        patch(item.id, { state: 'failed' });
      }
    }
  };

  const remove = (itemId: string) => onChange((current) => current.filter((item) => item.id !== itemId));
  const statusId = `${control.id}-status`;
  const uploading = items.filter((item) => item.state === 'uploading').length;
  const uploaded = items.filter((item) => item.state === 'done').map((item) => item.name);
  const status =
    uploading > 0
      ? t('vote.uploadingFiles', { count: uploading })
      : uploaded.length > 0
        ? t('vote.uploadedFiles', { names: uploaded.join(', ') })
        : t('vote.noFileChosen');

  return (
    <>
      {items.length > 0 ? (
        <ul className={styles.thumbs}>
          {items.map((item) => (
            <li key={item.id} className={styles.thumb} data-testid="upload-item" data-state={item.state}>
              {kind === 'images' ? (
                <img className={styles.thumbImage} src={item.url ?? item.preview} alt={item.name} />
              ) : item.url ? (
                <video className={media} src={item.url} controls playsInline preload="metadata" />
              ) : (
                <p className={note}>{item.name}</p>
              )}
              {item.state === 'uploading' ? (
                <progress
                  className={styles.progress}
                  max={100}
                  value={item.progress}
                  aria-label={t('vote.uploading', { name: item.name })}
                />
              ) : null}
              {item.state === 'failed' ? <p className={error}>{t('vote.uploadFailedItem')}</p> : null}
              {item.state !== 'uploading' ? (
                <button
                  type="button"
                  className={button({ tone: 'secondary', size: 'compact' })}
                  onClick={() => remove(item.id)}
                >
                  {t('vote.remove')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {items.filter((item) => item.state !== 'failed').length < limit ? (
        <label className={`${button({ tone: 'secondary', size: 'sm' })} ${styles.chooseButton}`}>
          <input
            {...control}
            className={visuallyHidden}
            type="file"
            accept={kind === 'images' ? 'image/*' : 'video/*'}
            multiple={kind === 'images'}
            aria-describedby={[statusId, control['aria-describedby']].filter(Boolean).join(' ')}
            onChange={(event) => void choose(event)}
          />
          {kind === 'images' ? t('vote.chooseImages') : t('vote.chooseVideo')}
        </label>
      ) : null}
      <p id={statusId} className={note} role="status">
        {status}
      </p>
    </>
  );
}
