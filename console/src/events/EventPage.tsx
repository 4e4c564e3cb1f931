/**
 * One event in the console: its sections as tabs over the section's page. Each section is one entry of
 * EVENT_SECTIONS (the tab) and one <Route> below (the page); its code lives in its own folder of console/src.
 */
import { NavLink, Route, Routes } from 'react-router-dom';
import type { Organisation } from '../app/ConsoleApp.tsx';
import * as styles from '../app/console.css.ts';
import { useT, type ConsoleKey } from '../app/i18n.ts';
import { EventForm } from './EventForm.tsx';

interface Section {
  /** The section's path under the event's URL ('' is the event's details). */
  path: string;
  label: ConsoleKey;
  /** Whether the caller's role shows the section. */
  shown(organisation: Organisation): boolean;
}

const EVENT_SECTIONS: readonly Section[] = [{ path: '', label: 'eventNav.details', shown: () => true }];

export function EventPage({ organisation }: { organisation: Organisation }) {
  const { t } = useT();
  return (
    <>
      <nav aria-label={t('eventNav.label')} className={styles.tabs}>
        {EVENT_SECTIONS.filter((section) => section.shown(organisation)).map((section) => (
          <NavLink
            key={section.path}
            to={section.path === '' ? '.' : section.path}
            end
            className={({ isActive }) => (isActive ? styles.button.primary : styles.button.secondary)}
          >
            {t(section.label)}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<EventForm organisation={organisation} />} />
      </Routes>
    </>
  );
}
