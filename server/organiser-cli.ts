/**
 * `npm run organiser -- create --organisation <name> --phone <number> [--email <address>]`: makes the account of the
 * phone number (created when missing) the owner of the organisation (created when missing), on the database the
 * server uses (DATABASE_PATH, or PostgreSQL with DATABASE_URL), migrated first. A fresh production database holds no
 * demo data: this is how it gets its first organiser, who then signs in to the console at /livev3/console/.
 */
import { parseArgs } from 'node:util';
import { systemClock } from './clock.ts';
import { readConfig } from './config.ts';
import { openData } from './db/open.ts';
import { createFirstOwner, FIRST_OWNER_COMMAND, ownerInputProblems } from './organisations/first-owner.ts';

const usage = `Usage: ${FIRST_OWNER_COMMAND}`;

function fail(lines: string[]): never {
  console.error([...lines, usage].join('\n'));
  process.exit(1);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        organisation: { type: 'string' },
        phone: { type: 'string' },
        email: { type: 'string' },
      },
    });
  } catch (error) {
    return fail([error instanceof Error ? error.message : String(error)]);
  }
})();
if (positionals.length !== 1 || positionals[0] !== 'create')
  fail([`Unknown command: ${positionals.join(' ') || '(none)'}`]);
const problems = ownerInputProblems(values);
if (problems.length > 0) fail(problems);

const config = readConfig();
const data = await openData({ databasePath: config.databasePath, databaseUrl: config.databaseUrl });
try {
  const made = await createFirstOwner(data.sql, {
    organisation: values.organisation ?? '',
    phone: values.phone ?? '',
    email: values.email,
    now: systemClock(),
  });
  const where = config.databaseUrl ? 'PostgreSQL' : config.databasePath;
  console.log(
    [
      `${made.organisationCreated ? 'Created' : 'Found'} organisation "${values.organisation?.trim()}" (id ${made.organisationId}) in ${where}`,
      `${made.accountCreated ? 'Created the account' : 'The account'} of ${values.phone} (user ${made.userId}) is its owner`,
      `Sign in at ${config.publicOrigin}/livev3/console/ with a code texted to ${values.phone}${values.email ? ` or mailed to ${values.email}` : ''}`,
    ].join('\n'),
  );
} catch (error) {
  await data.close();
  fail([error instanceof Error ? error.message : String(error)]);
}
await data.close();
