/** The organiser console's entry (console/index.html). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/theme.css.ts';
import { ConsoleApp } from './app/ConsoleApp.tsx';
import { takeReturnedToken } from './sign-in/wechat-return.ts';

// Back from WeChat's QR sign-in: the token leaves the address before anything renders.
takeReturnedToken(window.location, window.history);

// index.html holds the root element the console renders into.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
