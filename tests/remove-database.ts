import fs from 'node:fs';

/** Playwright's global teardown: deletes the run's database (playwright.config.ts), its WAL files and broadcasts. */
export default function removeDatabase(): void {
  const database = process.env.LIVEV3_E2E_DATABASE;
  if (!database) return;
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      fs.rmSync(database + suffix, { force: true });
    } catch {
      // Still open by a server that has not stopped (a platform that locks open files): the next run replaces it.
    }
  }
  fs.rmSync(`${database}-broadcasts`, { recursive: true, force: true });
}
