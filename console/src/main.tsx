/** The organiser console's entry (console/index.html). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './theme.css.ts';
import { ConsoleApp } from './ConsoleApp.tsx';

// index.html holds the root element the console renders into.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
