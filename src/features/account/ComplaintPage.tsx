import './texts';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { useDraft } from '../../lib/draft';
import { launchStore } from '../../lib/launch';
import { uploadFiles } from '../../ui/upload/upload';
import { Field } from '../../ui/field/Field';
import { FieldGroup } from '../../ui/field/FieldGroup';
import { button } from '../../ui/button/button.css';
import { form, input } from '../../ui/field/Field.css';
import { toast } from '../../ui/toast/toast';
import { card, note } from '../../ui/card/card.css';
import { formError, heading } from './page.css';
import { chips } from './UserCentre.css';
import * as styles from './ComplaintPage.css';

type Kind = 'video' | 'player' | 'chat';
const KINDS: Kind[] = ['video', 'player', 'chat'];
const EMPTY_COMPLAINT = { reason: '', content: '', images: [] as string[] };

/** A complaint's draft, one per thing complained about (kept until the complaint is filed). */
const complaintDraftKey = (kind: Kind, target: string) => `complaint:${kind}:${target}`;

/**
 * The complaint page (title 'complaint reason'): what it is about comes from the link (`target_kind` video | player |
 * chat and `target`; the live room's menu, chat lines and player pages link here), a reason, a description and up
 * to the server's number of images through the upload flow.
 */
export function ComplaintPage() {
  const [params] = useSearchParams();
  const { videoToken } = launchStore.get();
  const asked = params.get('target_kind') as Kind | null;
  const kind: Kind = asked && KINDS.includes(asked) ? asked : 'video';
  const target = params.get('target') ?? (kind === 'video' ? videoToken : '');
  // Another target is another form, with its own draft.
  return <Complaint key={`${kind}:${target}`} kind={kind} target={target} videoToken={videoToken} />;
}

function Complaint({ kind, target, videoToken }: { kind: Kind; target: string; videoToken: string }) {
  const { t } = useTranslation();
  const [reasons, setReasons] = useState<Array<{ key: string; label: string }>>([]);
  const [maxImages, setMaxImages] = useState(6);
  const [draft, setDraft, clearDraft] = useDraft(
    target ? complaintDraftKey(kind, target) : null,
    EMPTY_COMPLAINT,
  );
  const set = (patch: Partial<typeof EMPTY_COMPLAINT>) => setDraft((current) => ({ ...current, ...patch }));
  const [reasonError, setReasonError] = useState('');
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
      const uploaded = await uploadFiles(files, maxImages - draft.images.length);
      setDraft((current) => ({
        ...current,
        images: [...current.images, ...uploaded.map((file) => file.url)],
      }));
    } catch {
      // the upload flow shows why
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.reason) return setReasonError(t('account.complaint.chooseReason'));
    setReasonError('');
    setBusy(true);
    setError('');
    try {
      await api.post(
        '/v2/api/complain',
        {
          token: videoToken || undefined,
          target_kind: kind,
          target,
          reason: draft.reason,
          content: draft.content.trim(),
          images: draft.images,
        },
        { login: true, noErrorToast: true },
      );
      clearDraft();
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
      <section className={card}>
        <h2 className={heading}>{t('account.complaint.title')}</h2>
        <p className={note}>{t('account.complaint.noTarget')}</p>
      </section>
    );
  if (done)
    return (
      <section className={card}>
        <h2 className={heading}>{t('account.complaint.title')}</h2>
        <p role="status">{t('account.complaint.done')}</p>
      </section>
    );

  return (
    <section className={card} aria-labelledby="complaint-heading">
      <h2 id="complaint-heading" className={heading}>
        {t('account.complaint.title')}
      </h2>
      <p className={note}>{t(`account.complaint.target_${kind}`)}</p>
      <form className={form} onSubmit={submit} noValidate>
        <FieldGroup legend={t('account.complaint.reason')} error={reasonError} required radio>
          <div className={chips}>
            {reasons.map((item) => (
              <label
                key={item.key}
                className={button({ tone: draft.reason === item.key ? 'primary' : 'secondary', size: 'sm' })}
              >
                <input
                  type="radio"
                  name="reason"
                  value={item.key}
                  checked={draft.reason === item.key}
                  onChange={() => set({ reason: item.key })}
                />{' '}
                {item.label}
              </label>
            ))}
          </div>
        </FieldGroup>
        <Field label={t('account.complaint.description')}>
          {(control) => (
            <textarea
              {...control}
              className={input({ multiline: true })}
              maxLength={500}
              placeholder={t('account.complaint.descriptionPlaceholder')}
              value={draft.content}
              onChange={(event) => set({ content: event.target.value })}
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
              disabled={draft.images.length >= maxImages}
              onChange={(event) => void addImages(event)}
            />
          )}
        </Field>
        {draft.images.length ? (
          <ul className={styles.thumbs}>
            {draft.images.map((url, index) => (
              <li key={url}>
                <img className={styles.thumb} src={url} alt="" />
                <button
                  type="button"
                  className={button({ tone: 'secondary', size: 'sm' })}
                  aria-label={t('account.complaint.removeImage', { index: index + 1 })}
                  onClick={() => set({ images: draft.images.filter((item) => item !== url) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <p className={formError} role="alert">
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
