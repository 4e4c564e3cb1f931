import './texts';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { clearTokens, getAuthToken } from '../../lib/auth';
import { changeLocale, useTranslation } from '../../lib/i18n';
import { launchStore } from '../../lib/launch';
import { activityLinks, fetchEventActivities, type EventActivities } from '../../lib/event-activities';
import { isWeChat } from '../../lib/wechat/user-agent';
import { Link } from 'react-router-dom';
import { appConfig } from '../../engine/config';
import { pageShowing } from '../../engine/routes';
import { loginPage, userCentrePage } from './routes';
import { buildPath, useAppNavigate, type ExtraData } from '../../lib/navigation';
import { uploadFile } from '../../ui/upload/upload';
import { showDialog } from '../../ui/dialog/dialog';
import { Field } from '../../ui/field/Field';
import { button } from '../../ui/button/button.css';
import { form, input } from '../../ui/field/Field.css';
import { toast } from '../../ui/toast/toast';
import { card, note } from '../../ui/card/card.css';
import {
  fetchOrganiserActions,
  fetchSessions,
  fetchUserInfo,
  logout,
  revokeSession,
  updateUserInfo,
  type OrganiserAction,
  type UserInfo,
} from './api';
import { actions, heading, list } from './page.css';
import { item, itemTitle } from './FavouritesPage.css';
import * as styles from './UserCentre.css';

type Session = { id: string; created_at: number; current: boolean };

/** Own and organiser pages: the key names the entry's text (`account.user.<key>`). */
type Entry = {
  key:
    | 'orders'
    | 'addresses'
    | 'checkIns'
    | 'favourites'
    | 'vip'
    | 'phone'
    | 'information'
    | 'complaint'
    | 'scan'
    | 'diagnostics'
    | 'downloads'
    | 'staffCheckIn';
  /** The block the page shows: config/app.json says on which route (`pageShowing`). */
  block: string;
  extra?: ExtraData;
  /** Only within an event (a video token in the link): the page is about that event. */
  ofEvent?: boolean;
  /** Left out here (not granted, not in WeChat). */
  hidden?: boolean;
};

/** A link with its text, then with the route config/app.json shows its block on. */
type Labelled = { key: string; block: string; extra?: ExtraData; label: string };
type Shown = Labelled & { path: string };

const ownEntries = (videoToken: string, inWeChat: boolean): Entry[] => [
  { key: 'orders', block: 'shop-orders' },
  { key: 'addresses', block: 'shop-addresses' },
  // The check-in page opened at my check-ins (the check-in-mine block).
  { key: 'checkIns', block: 'check-in-mine', extra: { section: 'mine' }, ofEvent: true },
  { key: 'favourites', block: 'account-favourites' },
  { key: 'vip', block: 'account-vip' },
  { key: 'phone', block: 'account-phone' },
  { key: 'information', block: 'account-information', ofEvent: true },
  {
    key: 'complaint',
    block: 'account-complaint',
    extra: { target_kind: 'video', target: videoToken },
    ofEvent: true,
  },
  // Scanning a code with the camera is WeChat's (its scanner opens the code's page); a browser has its own.
  { key: 'scan', block: 'account-scan', hidden: !inWeChat },
  { key: 'diagnostics', block: 'account-diagnostics' },
];

/**
 * The organiser pages of the event, each for the staff whose role in the event's organisation grants its action (the
 * server says which: the account's flat permission list grants nothing; server/README.md, Organisations and roles).
 */
const organiserEntries = (actions: readonly OrganiserAction[]): Entry[] => [
  { key: 'downloads', block: 'shop-downloads', ofEvent: true, hidden: !actions.includes('download') },
  { key: 'staffCheckIn', block: 'check-in-staff', ofEvent: true, hidden: !actions.includes('check_in') },
];

const formatDate = (ms: number, locale: string) =>
  new Date(ms).toLocaleDateString(locale, { year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The user centre: avatar, nickname, masked phone, membership; edit nickname and avatar (through the upload flow);
 * links to the event's activities and to the viewer's own pages (logged out too: each page asks for the login it
 * needs); language; logged-in devices; log out (the server revokes the session everywhere).
 */
export function UserCentre() {
  const { t, i18n } = useTranslation();
  const navigate = useAppNavigate();
  const { videoToken } = launchStore.get();
  const [user, setUser] = useState<UserInfo | null>(null);
  const [sessions, setSessions] = useState<Session[]>([]);
  const [editing, setEditing] = useState(false);
  const [nickname, setNickname] = useState('');
  const [loggedIn, setLoggedIn] = useState(() => Boolean(getAuthToken(videoToken)));
  const [organiser, setOrganiser] = useState<readonly OrganiserAction[]>([]);

  const [version, setVersion] = useState(0);
  const load = () => setVersion((value) => value + 1);
  useEffect(() => {
    if (!loggedIn) return;
    Promise.all([fetchUserInfo({ quiet: true }), fetchSessions()])
      .then(([info, devices]) => {
        setUser(info);
        setSessions(devices.list);
      })
      .catch(() => {
        // shown by the API helper (or the login runs)
      });
  }, [loggedIn, version]);
  useEffect(() => {
    if (!loggedIn || !videoToken) return;
    let current = true;
    fetchOrganiserActions(videoToken)
      .then((actions) => {
        if (current) setOrganiser(actions);
      })
      .catch(() => {
        // No organiser links: the viewer's own pages do not depend on them.
      });
    return () => {
      current = false;
    };
  }, [loggedIn, videoToken]);

  if (!loggedIn)
    return (
      <>
        <section className={card} aria-labelledby="user-heading">
          <h2 id="user-heading" className={heading}>
            {t('account.user.guest')}
          </h2>
          <button
            type="button"
            className={button({ block: true })}
            onClick={() => navigate(loginPage(), { redirect: buildPath(userCentrePage()) })}
          >
            {t('account.user.login')}
          </button>
          <Language />
        </section>
        <Entries />
      </>
    );

  const saveNickname = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await updateUserInfo({ nickname: nickname.trim() });
      toast(t('account.user.saved'));
      setEditing(false);
      load();
    } catch {
      // shown by the API helper
    }
  };
  const chooseAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const uploaded = await uploadFile(file);
      await updateUserInfo({ avatar: uploaded.url });
      toast(t('account.user.saved'));
      load();
    } catch {
      // the upload flow and the API helper show why
    }
  };
  const endSession = async (session: Session) => {
    try {
      await revokeSession(session.id);
      load();
    } catch {
      // shown by the API helper
    }
  };
  const logOut = async () => {
    if (!(await showDialog({ message: t('account.user.confirmLogout') }))) return;
    try {
      await logout();
    } catch {
      // Logged out locally whatever the server said.
    }
    clearTokens();
    toast(t('account.user.loggedOut'));
    setUser(null);
    setOrganiser([]);
    setLoggedIn(false);
  };

  return (
    <>
      <section className={card} aria-labelledby="user-heading">
        <div className={styles.profile}>
          {user?.avatar ? (
            <img className={styles.avatar} src={user.avatar} alt="" />
          ) : (
            <span className={styles.avatar} />
          )}
          <div>
            <h2 id="user-heading" className={styles.name}>
              {user?.nickname ?? '…'}
            </h2>
            <p className={note}>{user?.phone || t('account.user.phoneNone')}</p>
            {user?.vip_expires_at ? (
              <span className={styles.badge}>
                {t('account.user.vipUntil', { date: formatDate(user.vip_expires_at, i18n.language) })}
              </span>
            ) : null}
          </div>
        </div>
        {editing ? (
          <form className={form} onSubmit={saveNickname}>
            <Field label={t('account.user.nickname')} required>
              {(control) => (
                <input
                  {...control}
                  className={input()}
                  maxLength={32}
                  value={nickname}
                  onChange={(event) => setNickname(event.target.value)}
                />
              )}
            </Field>
            <Field label={t('account.user.avatar')}>
              {(control) => (
                <input
                  {...control}
                  className={input()}
                  type="file"
                  accept="image/*"
                  onChange={chooseAvatar}
                />
              )}
            </Field>
            <div className={actions}>
              <button type="submit" className={button({ block: true })} disabled={!nickname.trim()}>
                {t('account.user.save')}
              </button>
              <button
                type="button"
                className={button({ tone: 'secondary', block: true })}
                onClick={() => setEditing(false)}
              >
                {t('account.user.cancel')}
              </button>
            </div>
          </form>
        ) : (
          <div className={actions}>
            <button
              type="button"
              className={button({ tone: 'secondary', size: 'sm' })}
              onClick={() => {
                setNickname(user?.nickname ?? '');
                setEditing(true);
              }}
            >
              {t('account.user.edit')}
            </button>
          </div>
        )}
      </section>
      <Entries organiser={organiser} />
      <section className={card}>
        <Language />
      </section>
      <section className={card} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className={note}>
          {t('account.user.sessions')}
        </h2>
        <ul className={list}>
          {sessions.map((session) => (
            <li key={session.id} className={item}>
              <span className={itemTitle}>
                {session.current
                  ? t('account.user.thisDevice')
                  : t('account.user.since', { date: formatDate(session.created_at, i18n.language) })}
              </span>
              {session.current ? null : (
                <button
                  type="button"
                  className={button({ tone: 'secondary', size: 'sm' })}
                  onClick={() => void endSession(session)}
                >
                  {t('account.user.endSession')}
                </button>
              )}
            </li>
          ))}
        </ul>
        <div className={actions}>
          <button
            type="button"
            className={button({ tone: 'secondary', block: true })}
            onClick={() => void logOut()}
          >
            {t('account.user.logout')}
          </button>
        </div>
      </section>
    </>
  );
}

/**
 * The links to what the event offers (its lotteries, daily bonuses and score tables by name, its check-in and shop:
 * the server lists them), to the viewer's own pages and to the organiser pages the viewer may use, each to the route
 * config/app.json shows its block on (carrying the event, the inviter and the language like every link); a page
 * config does not show has no link, and a group without links is left out. Outside an event only the viewer's own
 * pages show.
 */
function Entries({
  organiser = [],
}: {
  /** The viewer's organiser actions for the event (none logged out). */
  organiser?: readonly OrganiserAction[];
}) {
  const { t, i18n } = useTranslation();
  const { videoToken } = launchStore.get();
  const [activities, setActivities] = useState<EventActivities | null>(null);
  useEffect(() => {
    if (!videoToken) return;
    let current = true;
    fetchEventActivities(videoToken)
      .then((answer) => {
        if (current) setActivities(answer);
      })
      .catch(() => {
        // No activity links: the viewer's own pages do not depend on them.
      });
    return () => {
      current = false;
    };
  }, [videoToken]);
  const routed = (entries: Labelled[]): Shown[] =>
    entries.flatMap((entry) => {
      const path = pageShowing(appConfig, entry.block);
      return path ? [{ ...entry, path }] : [];
    });
  const shown = (entries: Entry[]) =>
    routed(
      entries
        .filter((entry) => !entry.hidden && (videoToken || !entry.ofEvent))
        .map((entry) => ({ ...entry, label: t(`account.user.${entry.key}`) })),
    );
  // What the event offers (by name where it has one), then my invitations in its live room (the invite block), which
  // opens at them rather than at its top.
  const offered = videoToken
    ? routed([
        ...(activities ? activityLinks(activities, i18n.language) : []).map((link) => ({
          ...link,
          label: link.title ?? t(link.kind === 'shop' ? 'account.user.shop' : 'account.user.checkIn'),
        })),
        {
          key: 'invitations',
          block: 'invite',
          extra: { section: 'invite' },
          label: t('account.user.invitations'),
        },
      ])
    : [];
  const groups = [
    { key: 'activities' as const, entries: offered },
    { key: 'entries' as const, entries: shown(ownEntries(videoToken, isWeChat())) },
    { key: 'organiser' as const, entries: shown(organiserEntries(organiser)) },
  ].filter((group) => group.entries.length);
  return groups.map(({ key, entries }) => (
    <nav key={key} className={card} aria-labelledby={`user-${key}`}>
      <h2 id={`user-${key}`} className={note}>
        {t(`account.user.${key}`)}
      </h2>
      <ul className={list}>
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link className={styles.entry} to={buildPath(entry.path, entry.extra)}>
              <span>{entry.label}</span>
              <span aria-hidden="true">›</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  ));
}

function Language() {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('account.user.language')} className={styles.chips}>
      {(['zh-CN', 'en'] as const).map((locale) => (
        <button
          key={locale}
          type="button"
          aria-pressed={i18n.language === locale}
          className={button({ tone: i18n.language === locale ? 'primary' : 'secondary', size: 'sm' })}
          onClick={() => void changeLocale(locale)}
        >
          {locale === 'en' ? 'English' : '中文'}
        </button>
      ))}
    </div>
  );
}
