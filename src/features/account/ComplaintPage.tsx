import './texts';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { uploadFiles } from '../../ui/upload/upload';
import { Field } from '../../ui/field/Field';
import { button } from '../../ui/button/button.css';
import { input } from '../../ui/field/Field.css';
import { toast } from '../../ui/toast/toast';
import * as styles from './account.css';

type Kind = 'video' | 'player' | 'chat';
const KINDS: Kind[] = ['video', 'player', 'chat'];

/**
 * The complaint page (title 'complaint reason'): what it is about comes from the link (`target_kind` video | player |
 * chat and `target`; the live room's menu, chat lines and player pages link here), a reason, a description and up
 * to the server's number of images through the upload flow.
 */
export function ComplaintPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { videoToken } = launchStore.get();
  const asked = params.get('target_kind') as Kind | null;
  const kind: Kind = asked && KINDS.includes(asked) ? asked : 'video';
  const target = params.get('target') ?? (kind === 'video' ? videoToken : '');
  const [reasons, setReasons] = useState<Array<{ key: string; label: string }>>([]);
  const [maxImages, setMaxImages] = useState(6);
  const [reason, setReason] = useState('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    api
      .get('/v2/api/complain/reasons')
      .then((answer) => {
        setReasons(answer.reasons);
        setMaxImages(answer.max_images);
      })
      .catch(() => {});
  }, []);

  const addImages = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    try {
      const uploaded = await uploadFiles(files, maxImages - images.length);
      setImages((current) => [...current, ...uploaded.map((file) => file.url)]);
    } catch {
      // the upload flow shows why
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(t('account.complaint.chooseReason'));
    setBusy(true);
    setError('');
    try {
      await api.post(
        '/v2/api/complain',
        {
          token: videoToken || undefined,
          target_kind: kind,
          target,
          reason,
          content: content.trim(),
          images,
        },
        { login: true, noErrorToast: true },
      );
      toast(t('account.complaint.done'));
      setDone(true);
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind !== 'login-required') setError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  if (!target)
    return (
      <section className={styles.section}>
        <h1 className={styles.heading}>{t('account.complaint.title')}</h1>
        <p className={styles.muted}>{t('account.complaint.noTarget')}</p>
      </section>
    );
  if (done)
    return (
      <section className={styles.section}>
        <h1 className={styles.heading}>{t('account.complaint.title')}</h1>
        <p role="status">{t('account.complaint.done')}</p>
      </section>
    );

  return (
    <section className={styles.section} aria-labelledby="complaint-heading">
      <h1 id="complaint-heading" className={styles.heading}>
        {t('account.complaint.title')}
      </h1>
      <p className={styles.muted}>{t(`account.complaint.target_${kind}`)}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.list}>
          <legend className={styles.muted}>{t('account.complaint.reason')}</legend>
          <div className={styles.chips}>
            {reasons.map((item) => (
              <label
                key={item.key}
                className={button({ tone: reason === item.key ? 'primary' : 'secondary', size: 'sm' })}
              >
                <input
                  type="radio"
                  name="reason"
                  value={item.key}
                  checked={reason === item.key}
                  onChange={() => setReason(item.key)}
                />{' '}
                {item.label}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label={t('account.complaint.description')}>
          {(control) => (
            <textarea
              {...control}
              className={input({ multiline: true })}
              maxLength={500}
              placeholder={t('account.complaint.descriptionPlaceholder')}
              value={content}
              onChange={(event) => setContent(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('account.complaint.images', { count: maxImages })}>
          {(control) => (
            <input
              {...control}
              className={input()}
              type="file"
              accept="image/*"
              multiple
              disabled={images.length >= maxImages}
              onChange={(event) => void addImages(event)}
            />
          )}
        </Field>
        {images.length ? (
          <ul className={`${styles.list} ${styles.thumbs}`}>
            {images.map((url, index) => (
              <li key={url}>
                <img className={styles.thumb} src={url} alt="" />
                <button
                  type="button"
                  className={button({ tone: 'secondary', size: 'sm' })}
                  aria-label={t('account.complaint.removeImage', { index: index + 1 })}
                  onClick={() => setImages((current) => current.filter((item) => item !== url))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <p className={styles.formError} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className={button({ block: true })} disabled={busy}>
          {t('account.complaint.submit')}
        </button>
      </form>
    </section>
  );
}
