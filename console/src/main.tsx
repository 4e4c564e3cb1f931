/** The organiser console's entry (console/index.html). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/theme.css.ts';
import { ConsoleApp } from './app/ConsoleApp.tsx';

// index.html holds the root element the console renders into.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
