import '../../features/channel/messages';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { searchVideos } from '../../features/channel/api';
import { useChannel } from '../../features/channel/store';
import { VideoGrid } from '../../features/channel/VideoGrid';
import { usePagedList } from '../../lib/paged';
import { useTranslation } from '../../lib/i18n';
import { Field } from '../../ui/field/Field';
import { button } from '../../ui/button/button.css';
import { input } from '../../ui/field/Field.css';
import { card, heading } from '../../ui/card/card.css';
import type { BlockProps } from '../types';
import { clearRecent, readRecent, rememberSearch } from './recent';
import * as styles from './ChannelSearch.css';

function Results({ token, keyword, pageSize }: { token: string; keyword: string; pageSize: number }) {
  const { t } = useTranslation();
  const fetchPage = useCallback(
    (page: number) => searchVideos(token, keyword, page, pageSize),
    [token, keyword, pageSize],
  );
  const list = usePagedList(`${token}:${keyword}`, fetchPage);
  const done = list.page > 0 && !list.loading;
  return (
    <>
      <p className={styles.summary} role="status">
        {done
          ? list.total
            ? t('channel.results', { count: list.total })
            : t('channel.noResults', { keyword })
          : ''}
      </p>
      {done && list.total === 0 ? null : (
        <VideoGrid list={list} label={t('channel.search')} keyword={keyword} />
      )}
    </>
  );
}

/** Search of the channel's video titles: matches marked in the titles, recent searches remembered in this browser. */
export function ChannelSearch({ props }: BlockProps<'channel-search'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const token = useChannel((state) => state.channelInfo?.token ?? '');
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [recent, setRecent] = useState<string[]>(() => readRecent(token));
  if (!token) return null;

  const search = (value: string) => {
    const trimmed = value.trim().slice(0, 50);
    setText(trimmed);
    setKeyword(trimmed);
    if (trimmed) setRecent(rememberSearch(token, trimmed));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(text);
  };
  return (
    <section className={card} aria-labelledby={titleId}>
      <h2 id={titleId} className={heading}>
        {t('channel.search')}
      </h2>
      <form role="search" className={styles.form} onSubmit={onSubmit}>
        <div className={styles.grow}>
          <Field label={t('channel.searchLabel')}>
            {(control) => (
              <input
                {...control}
                type="search"
                enterKeyHint="search"
                maxLength={50}
                className={input()}
                placeholder={t('channel.searchPlaceholder')}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  if (!event.target.value) setKeyword('');
                }}
              />
            )}
          </Field>
        </div>
        <button type="submit" className={button({ size: 'sm' })}>
          {t('channel.searchButton')}
        </button>
      </form>
      {!keyword && recent.length ? (
        <div className={styles.recent}>
          <div className={styles.recentHead}>
            <h3 className={styles.summary}>{t('channel.recent')}</h3>
            <button
              type="button"
              className={styles.textButton}
              onClick={() => {
                clearRecent(token);
                setRecent([]);
              }}
            >
              {t('channel.clearRecent')}
            </button>
          </div>
          <ul className={styles.chips}>
            {recent.map((item) => (
              <li key={item}>
                <button type="button" className={styles.chip} onClick={() => search(item)}>
                  {item}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {keyword ? <Results token={token} keyword={keyword} pageSize={props.pageSize} /> : null}
    </section>
  );
}
