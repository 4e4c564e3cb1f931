import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { fetchGroups, fetchTeams, type Group, type PlayerQuery, type Team } from './api';
import * as styles from './vote.css';

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
  const id = useId();
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
          <label htmlFor={`${id}-search`} className={styles.srOnly}>
            {t('vote.searchLabel')}
          </label>
          <input
            id={`${id}-search`}
            className={styles.input}
            type="search"
            enterKeyHint="search"
            maxLength={32}
            placeholder={t('vote.searchPlaceholder')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
          />
          <button type="submit" className={styles.smallButton}>
            {t('vote.search')}
          </button>
        </form>
      ) : null}
      {teams.length > 0 ? (
        <select
          className={styles.select}
          aria-label={t('vote.team')}
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
      ) : null}
      {groups.length > 0 ? (
        <select
          className={styles.select}
          aria-label={t('vote.group')}
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
      ) : null}
    </div>
  );
}
