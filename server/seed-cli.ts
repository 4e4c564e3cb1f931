/** `npm run seed`: recreates the database at DATABASE_PATH with the demo data. */
import fs from 'node:fs';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seed } from './seed.ts';

const { databasePath } = readConfig();
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(databasePath + suffix, { force: true });
const db = openDatabase(databasePath);
seed(db);
db.close();
console.log(`Seeded demo data into ${databasePath}`);
