import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { EmptyState } from '../../ui/empty-state/EmptyState';
import { ErrorState } from '../../ui/error-state/ErrorState';
import { Field } from '../../ui/field/Field';
import { button } from '../../ui/button/button.css';
import { input } from '../../ui/field/Field.css';
import { Spinner } from '../../ui/spinner/Spinner';
import {
  fetchRankList,
  fetchScorePage,
  queryScore,
  type RankList,
  type ScorePage,
  type ScoreResult,
} from './api';
import './messages';
import * as styles from './score.css';
import { usePageNamedBy } from '../../lib/entity-title';
import { useBlockHeading } from '../../ui/page/page-heading';

/** The score query index: the organiser's form, the matching row as a card, and the published rank list. */
export function ScoreQueryView({ queryId, showRankList }: { queryId: number; showRankList: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState<ScorePage | null>(null);
  const [failed, setFailed] = useState<'missing' | 'error' | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ScoreResult | null>(null);
  const [miss, setMiss] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ranks, setRanks] = useState<RankList | null>(null);

  const load = useCallback(() => {
    fetchScorePage(queryId).then(
      (data) => {
        setPage(data);
        setFailed(null);
        if (data.rank_public && showRankList) fetchRankList(queryId, 1).then(setRanks, () => undefined);
      },
      (error: { xcode?: number }) => setFailed(error.xcode === 404 ? 'missing' : 'error'),
    );
  }, [queryId, showRankList]);
  useEffect(load, [load]);

  // The score table's name titles the page; its own heading would repeat the page's.
  usePageNamedBy(page?.title);
  const heading = useBlockHeading(`score-${queryId}`, page?.title ?? '');
  const Subheading = heading.sub;
  if (failed === 'missing') return <EmptyState title={t('scoreQuery.noQuery')} />;
  if (failed && !page)
    return (
      <ErrorState title={t('scoreQuery.loadFailed')} actionLabel={t('scoreQuery.retry')} onAction={load} />
    );
  if (!page) return <Spinner label={t('ui.loading')} />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!page) return;
    const next: Record<string, string> = {};
    for (const field of page.fields) {
      const value = (values[field.key] ?? '').trim();
      if (!value) next[field.key] = t('scoreQuery.required', { field: field.label });
      else if (field.pattern && !new RegExp(field.pattern).test(value))
        next[field.key] = t('scoreQuery.badFormat', { field: field.label });
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    setMiss(null);
    try {
      setResult(await queryScore(page.id, values));
    } catch (error) {
      setResult(null);
      // The one 'no match' answer (and the rate limit) shown in place; a login detour is not a miss.
      if (error instanceof ApiError && error.kind === 'server') setMiss(error.message);
    } finally {
      setBusy(false);
    }
  }

  async function more() {
    if (!ranks) return;
    const next = await fetchRankList(queryId, ranks.page + 1);
    setRanks({ ...next, list: [...ranks.list, ...next.list] });
  }

  return (
    <section aria-labelledby={heading.labelledBy}>
      {heading.own ? (
        <h2 id={`score-${queryId}`} className={styles.title}>
          {page.title}
        </h2>
      ) : null}
      {page.description ? <p className={styles.meta}>{page.description}</p> : null}
      <form onSubmit={submit} noValidate>
        {page.fields.map((field) => (
          <Field key={field.key} label={field.label} required error={errors[field.key]}>
            {(control) => (
              <input
                {...control}
                className={input()}
                value={values[field.key] ?? ''}
                maxLength={field.max_length}
                placeholder={field.placeholder}
                autoComplete="off"
                onChange={(event) =>
                  setValues((current) => ({ ...current, [field.key]: event.target.value }))
                }
              />
            )}
          </Field>
        ))}
        <button type="submit" className={button({ block: true })} disabled={busy}>
          {busy ? t('scoreQuery.querying') : t('scoreQuery.query')}
        </button>
      </form>
      {miss ? (
        <p className={styles.failure} role="alert">
          {miss}
        </p>
      ) : null}
      {result ? (
        <article className={styles.card} aria-labelledby="score-result">
          <Subheading id="score-result" className={styles.cardTitle}>
            {t('scoreQuery.result')} · {result.name}
          </Subheading>
          <p className={styles.big}>
            {t('scoreQuery.score')} {result.score}
          </p>
          <p className={styles.value}>{t('scoreQuery.rank', { rank: result.rank, total: result.total })}</p>
          <dl className={styles.items}>
            {result.items.map((item) => (
              <div key={item.label} className={styles.itemRow}>
                <dt className={styles.term}>{item.label}</dt>
                <dd className={styles.value}>{item.value}</dd>
              </div>
            ))}
          </dl>
        </article>
      ) : null}
      {ranks ? (
        <section className={styles.section} aria-labelledby={`score-rank-${page.id}`}>
          <Subheading id={`score-rank-${page.id}`} className={styles.cardTitle}>
            {t('scoreQuery.rankList')}
          </Subheading>
          {ranks.list.length === 0 ? (
            <EmptyState title={t('scoreQuery.noRows')} />
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th className={styles.cell}>{t('scoreQuery.rankNo')}</th>
                  <th className={styles.cell}>{t('scoreQuery.name')}</th>
                  <th className={styles.numeric}>{t('scoreQuery.score')}</th>
                </tr>
              </thead>
              <tbody>
                {ranks.list.map((row, index) => (
                  <tr key={`${row.rank}-${index}`}>
                    <td className={styles.cell}>{row.rank}</td>
                    <td className={styles.cell}>{row.name}</td>
                    <td className={styles.numeric}>{row.score}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {ranks.has_more ? (
            <button
              type="button"
              className={button({ tone: 'secondary', block: true })}
              onClick={() => void more()}
            >
              {t('scoreQuery.more')}
            </button>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}
