/**
 * One event in the console: its sections as tabs over the section's page. Each section is one entry of
 * EVENT_SECTIONS: its tab, who sees it, and its page, loaded when first opened (its code lives in its own folder of
 * console/src, so the console's first load carries none of it).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { NavLink, Route, Routes, useParams } from 'react-router-dom';
import type { Organisation } from '../app/ConsoleApp.tsx';
import * as styles from '../app/console.css.ts';
import { useT, type ConsoleKey } from '../app/i18n.ts';
import { Loading } from '../app/Loading.tsx';

export type SectionProps = { organisation: Organisation };

interface Section {
  /** The section's path under the event's URL ('' is the event's details). */
  path: string;
  label: ConsoleKey;
  /** Whether the caller's role shows the section. */
  shown(organisation: Organisation): boolean;
  page: LazyExoticComponent<ComponentType<SectionProps>>;
}

const EVENT_SECTIONS: readonly Section[] = [
  {
    path: '',
    label: 'eventNav.details',
    shown: () => true,
    page: lazy(() => import('./EventForm.tsx').then((module) => ({ default: module.EventForm }))),
  },
  {
    path: 'chat',
    label: 'moderation.tab',
    shown: (organisation) => organisation.actions.includes('chat_moderation'),
    page: lazy(() =>
      import('../moderation/ChatSection.tsx').then((module) => ({ default: module.ChatSection })),
    ),
  },
  {
    path: 'live',
    label: 'live.tab',
    shown: (organisation) => organisation.actions.includes('event_edit'),
    page: lazy(() => import('../live/LiveSection.tsx').then((module) => ({ default: module.LiveSection }))),
  },
  {
    path: 'figures',
    label: 'figures.tab',
    shown: (organisation) => organisation.actions.includes('event_read'),
    page: lazy(() =>
      import('../figures/FiguresSection.tsx').then((module) => ({ default: module.FiguresSection })),
    ),
  },
];

export function EventPage({ organisation }: SectionProps) {
  const { t } = useT();
  const sections = EVENT_SECTIONS.filter((section) => section.shown(organisation));
  // From the organisation's root: inside this splat route React Router 7 resolves a relative link ('.', 'chat')
  // against the whole current address, so from one section it would point below it.
  const eventPath = `/o/${organisation.id}/events/${useParams().event ?? ''}`;
  return (
    <>
      <nav aria-label={t('eventNav.label')} className={styles.tabs}>
        {sections.map((section) => (
          <NavLink
            key={section.path}
            to={`${eventPath}${section.path === '' ? '' : `/${section.path}`}`}
            end
            className={({ isActive }) => (isActive ? styles.button.primary : styles.button.secondary)}
          >
            {t(section.label)}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<Loading />}>
        <Routes>
          {sections.map(({ path, page: Page }) => (
            <Route
              key={path}
              {...(path === '' ? { index: true } : { path })}
              element={<Page organisation={organisation} />}
            />
          ))}
        </Routes>
      </Suspense>
    </>
  );
}
