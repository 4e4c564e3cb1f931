/**
 * The console's shell: sign-in until there is a session, then the header (organisation picker, language switch,
 * sign-out) over the routes of /livev3/console/: the organisation picker, an organisation's events, the event form.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { BrowserRouter, Link, Navigate, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { clearTokens } from '../../../src/lib/auth';
import { api, ApiError, onSignedOut, sessionToken, type Data } from './api.ts';
import * as styles from './console.css.ts';
import { LOCALES, setLocale, useT, type ConsoleKey } from './i18n.ts';
import { Loading } from './Loading.tsx';
import { SignIn } from '../sign-in/SignIn.tsx';

// The pages past sign-in load when first opened: the sign-in page carries none of their code.
const EventList = lazy(() =>
  import('../events/EventList.tsx').then((module) => ({ default: module.EventList })),
);
const EventForm = lazy(() =>
  import('../events/EventForm.tsx').then((module) => ({ default: module.EventForm })),
);
const EventPage = lazy(() =>
  import('../events/EventPage.tsx').then((module) => ({ default: module.EventPage })),
);

export type Me = Data<'consoleMe'>;
export type Organisation = Me['organisations'][number];

export function ConsoleApp() {
  const [signedIn, setSignedIn] = useState(() => Boolean(sessionToken()));
  useEffect(() => onSignedOut(() => setSignedIn(false)), []);
  return (
    <BrowserRouter basename="/livev3/console">
      {signedIn ? (
        <SignedIn onSignOut={() => setSignedIn(false)} />
      ) : (
        <>
          <Header />
          <SignIn onSignedIn={() => setSignedIn(true)} />
        </>
      )}
    </BrowserRouter>
  );
}

function LanguageSwitch() {
  const { t, locale } = useT();
  return (
    <label className={styles.row}>
      <span>{t('language')}</span>
      <select
        className={styles.input}
        value={locale}
        onChange={(event) => setLocale(event.currentTarget.value === 'en' ? 'en' : 'zh-CN')}
      >
        {LOCALES.map((each) => (
          <option key={each} value={each}>
            {each === 'en' ? 'English' : '中文'}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Header({ children }: { children?: React.ReactNode }) {
  const { t } = useT();
  return (
    <header className={styles.header}>
      <p className={styles.brand}>{t('title')}</p>
      {children}
      <LanguageSwitch />
    </header>
  );
}

function SignedIn({ onSignOut }: { onSignOut(): void }) {
  const { t } = useT();
  const [me, setMe] = useState<Me | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    api
      .get<'consoleMe'>('/v3/api/console/me')
      .then(setMe, (error: unknown) => setFailure(error instanceof ApiError ? error.message : String(error)));
  }, []);
  const signOut = useCallback(() => {
    void api.post<'logout'>('/v3/api/user/logout', {}).catch(() => {});
    clearTokens();
    onSignOut();
  }, [onSignOut]);
  const signOutButton = (
    <button type="button" className={styles.button.secondary} onClick={signOut}>
      {t('signOut')}
    </button>
  );
  if (!me)
    return (
      <>
        <Header>{signOutButton}</Header>
        <main className={styles.main}>
          {failure && (
            <p role="alert" className={styles.error}>
              {failure}
            </p>
          )}
        </main>
      </>
    );
  return (
    <Routes>
      <Route path="/" element={<Organisations me={me} signOut={signOutButton} />} />
      <Route path="/o/:organisation/*" element={<OrganisationRoutes me={me} signOut={signOutButton} />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

function roleKey(role: Organisation['role']): ConsoleKey {
  return `organisations.role_${role}`;
}

function Organisations({ me, signOut }: { me: Me; signOut: React.ReactNode }) {
  const { t } = useT();
  const readable = me.organisations.filter((each) => each.may_read);
  if (readable.length === 1) return <Navigate to={`/o/${readable[0].id}/events`} replace />;
  return (
    <>
      <Header>{signOut}</Header>
      <main className={styles.main}>
        <h1 className={styles.heading}>{t('organisations.heading')}</h1>
        {me.organisations.length === 0 ? (
          <p>{t('organisations.none')}</p>
        ) : (
          <ul>
            {me.organisations.map((each) => (
              <li key={each.id}>
                {each.may_read ? <Link to={`/o/${each.id}/events`}>{each.name}</Link> : each.name} (
                {t(roleKey(each.role))})
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}

function OrganisationPicker({ me, current }: { me: Me; current: Organisation }) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <label className={styles.row}>
      <span>{t('organisations.pick')}</span>
      <select
        className={styles.input}
        value={current.id}
        onChange={(event) => navigate(`/o/${event.currentTarget.value}/events`)}
      >
        {me.organisations
          .filter((each) => each.may_read)
          .map((each) => (
            <option key={each.id} value={each.id}>
              {each.name} ({t(roleKey(each.role))})
            </option>
          ))}
      </select>
    </label>
  );
}

function OrganisationRoutes({ me, signOut }: { me: Me; signOut: React.ReactNode }) {
  const { t } = useT();
  const id = Number(useParams().organisation);
  const organisation = me.organisations.find((each) => each.id === id);
  if (!organisation) return <Navigate to="/" replace />;
  return (
    <>
      <Header>
        {organisation.may_read && <OrganisationPicker me={me} current={organisation} />}
        {signOut}
      </Header>
      <main className={styles.main}>
        {!organisation.may_read ? (
          <p>{t('organisations.noEvents')}</p>
        ) : (
          <Suspense fallback={<Loading />}>
            <Routes>
              <Route path="events" element={<EventList organisation={organisation} />} />
              <Route path="events/new" element={<EventForm organisation={organisation} />} />
              <Route path="events/:event/*" element={<EventPage organisation={organisation} />} />
              <Route path="*" element={<Navigate to="events" replace />} />
            </Routes>
          </Suspense>
        )}
      </main>
    </>
  );
}
