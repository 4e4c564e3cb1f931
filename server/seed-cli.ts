/**
 * `npm run seed`: recreates the SQLite database at DATABASE_PATH with the demo data; with DATABASE_URL (PostgreSQL)
 * it migrates and seeds a database that holds no events yet (it never drops data there).
 */
import fs from 'node:fs';
import { readConfig } from './config.ts';
import { openData } from './db/open.ts';
import { seedDemo } from './seed/demo.ts';

const { databasePath, databaseUrl } = readConfig();
if (!databaseUrl)
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(databasePath + suffix, { force: true });
const data = await openData({ databasePath, databaseUrl });
try {
  if (await seedDemo(data.sql))
    console.log(`Seeded demo data into ${databaseUrl ? 'PostgreSQL' : databasePath}`);
  else console.log('The database already holds events or organisations: left as it is');
} finally {
  await data.close();
}
