/**
 * The console's Chat section under a busy chat: the built console in Chromium (desktop viewport) at 4x CPU slowdown
 * (CDP Emulation.setCPUThrottlingRate) on the demo's `chat-e2e` event, signed in as an operator of its organisation,
 * while real viewers send 500 lines/s through the server's chat:send for 10 s. Frames per second from
 * requestAnimationFrame counts over the sending; the same page with no lines arriving just before, as a reference
 * for what the machine's other load leaves. Goal: >= 50 fps. Load generator, server and Chromium share the cores.
 */
import Database from 'better-sqlite3';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../../playwright.config.ts';
import { connect, logins, sendLines } from './chat.ts';
import { startServer } from './server-process.ts';
import { benchLogins } from './sessions.ts';
import type { BenchRow } from './types.ts';

const EVENT = 'chat-e2e';
const RATE = 500;
const SECONDS = 10;
/** chat.ts's senders send at most one line each 1.1 s (the server's 5 lines per 5 s per viewer). */
const SENDERS = Math.ceil(RATE * 1.1) + 20;

/** An operator of the event's organisation with a session, written straight into the server's database. */
function operatorOf(databasePath: string): { session: string; organisationId: number; eventId: number } {
  const db = new Database(databasePath);
  db.pragma('busy_timeout = 5000');
  try {
    return db.transaction(() => {
      const event = db.prepare('SELECT id, organisation_id FROM events WHERE token = ?').get(EVENT) as
        { id: number; organisation_id: number | null } | undefined;
      if (!event?.organisation_id) throw new Error(`the demo event ${EVENT} has no organisation`);
      const userId = Number(
        db
          .prepare(
            "INSERT INTO users (email, nickname, created_at) VALUES ('moderation-bench@livev3.test', '管理员', 0)",
          )
          .run().lastInsertRowid,
      );
      db.prepare(
        "INSERT INTO organisation_members (organisation_id, user_id, role, created_at) VALUES (?, ?, 'operator', 0)",
      ).run(event.organisation_id, userId);
      return { session: benchLogins(db)(userId), organisationId: event.organisation_id, eventId: event.id };
    })();
  } finally {
    db.close();
  }
}

export async function run(): Promise<BenchRow[]> {
  const group = `console chat section (Chromium, 4x CPU slowdown, ${RATE} lines/s for ${SECONDS} s)`;
  const server = await startServer({ RATE_LIMIT_ALLOW: '127.0.0.1' });
  const browser = await chromium.launch(chromiumLaunch);
  const senders = await Promise.all(
    logins(server.origin, 'moderated', SENDERS).map((token) => connect(server.origin, token)),
  );
  try {
    const { session, organisationId, eventId } = operatorOf(server.databasePath);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript((token) => window.localStorage.setItem('livev3:auth', token), session);
    await page.goto(`${server.origin}/livev3/console/o/${organisationId}/events/${eventId}/chat`);
    const list = page.getByRole('log');
    await list.waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // A string, not a function: tsx's name-keeping helper does not exist inside the page.
    const measure = (seconds: number) =>
      page.evaluate(`new Promise((resolve) => {
        const times = [];
        const start = performance.now();
        function tick(now) {
          times.push(now);
          if (now - start < ${seconds * 1000}) return requestAnimationFrame(tick);
          let worst = 0;
          let slow = 0;
          for (let i = 1; i < times.length; i++) {
            const frame = times[i] - times[i - 1];
            worst = Math.max(worst, frame);
            if (frame > 33) slow++;
          }
          resolve({
            fps: ((times.length - 1) * 1000) / (times[times.length - 1] - times[0]),
            worstFrameMs: worst,
            slowFrames: slow,
            rows: document.querySelectorAll('[role="log"] [data-index]').length,
          });
        }
        requestAnimationFrame(tick);
      })`) as Promise<{ fps: number; worstFrameMs: number; slowFrames: number; rows: number }>;
    const idle = await measure(3);
    const accepted = { count: 0 };
    const sending = sendLines(senders, RATE, SECONDS, accepted);
    // The measurement starts with the flow and ends just before it does.
    const result = await measure(SECONDS - 0.5);
    await sending;
    const fps = (value: number) => Math.round(value * 10) / 10;
    return [
      { group, name: 'frames per second', value: fps(result.fps), unit: 'fps', goal: '>= 50' },
      { group, name: 'reference: same page, no lines arriving', value: fps(idle.fps), unit: 'fps' },
      { group, name: 'longest frame', value: Math.round(result.worstFrameMs), unit: 'ms' },
      { group, name: 'frames over 33 ms', value: result.slowFrames, unit: '' },
      // Below RATE when the load generator or the server could not keep up on this machine: read the fps with it.
      { group, name: 'lines accepted by the server', value: accepted.count, unit: '' },
      {
        group,
        name: 'rate reached',
        value: Math.round(accepted.count / SECONDS),
        unit: 'lines/s',
        goal: `${RATE}`,
      },
      { group, name: 'rows in the DOM (windowed)', value: result.rows, unit: '' },
    ];
  } finally {
    await browser.close();
    senders.forEach((socket) => socket.close());
    await server.stop();
  }
}
