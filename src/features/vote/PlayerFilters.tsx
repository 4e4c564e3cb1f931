import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { button } from '../../ui/button/button.css';
import { Field } from '../../ui/field/Field';
import { input } from '../../ui/field/Field.css';
import { fetchGroups, fetchTeams, type Group, type PlayerQuery, type Team } from './api';
import * as styles from './PlayerFilters.css';

/** Search by number or name, and team / group filters (the contest's teams and groups from the server). */
export function PlayerFilters({
  voteId,
  query,
  onChange,
  showSearch = true,
}: {
  voteId: number;
  query: PlayerQuery;
  onChange(query: PlayerQuery): void;
  showSearch?: boolean;
}) {
  const { t } = useTranslation();
  const [teams, setTeams] = useState<Team[]>([]);
  const [groups, setGroups] = useState<Group[]>([]);
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  useEffect(() => {
    let live = true;
    fetchTeams(voteId)
      .then((result) => live && setTeams(result.list))
      .catch(() => {});
    fetchGroups(voteId)
      .then((result) => live && setGroups(result.list))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [voteId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...query, keyword: keyword.trim() });
  };
  const toId = (value: string) => (value === '' ? null : Number(value));

  return (
    <div className={styles.toolbar}>
      {showSearch ? (
        <form className={styles.searchForm} role="search" onSubmit={submit}>
          <Field label={t('vote.searchLabel')} labelHidden flush>
            {(control) => (
              <input
                {...control}
                className={input()}
                type="search"
                enterKeyHint="search"
                maxLength={32}
                placeholder={t('vote.searchPlaceholder')}
                value={keyword}
                onChange={(event) => setKeyword(event.target.value)}
              />
            )}
          </Field>
          <button type="submit" className={button({ size: 'compact' })}>
            {t('vote.search')}
          </button>
        </form>
      ) : null}
      {teams.length > 0 ? (
        <div className={styles.filter}>
          <Field label={t('vote.team')} labelHidden flush>
            {(control) => (
              <select
                {...control}
                className={input()}
                value={query.teamId ?? ''}
                onChange={(event) => onChange({ ...query, teamId: toId(event.target.value) })}
              >
                <option value="">{t('vote.allTeams')}</option>
                {teams.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      ) : null}
      {groups.length > 0 ? (
        <div className={styles.filter}>
          <Field label={t('vote.group')} labelHidden flush>
            {(control) => (
              <select
                {...control}
                className={input()}
                value={query.groupId ?? ''}
                onChange={(event) => onChange({ ...query, groupId: toId(event.target.value) })}
              >
                <option value="">{t('vote.allGroups')}</option>
                {groups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      ) : null}
    </div>
  );
}
