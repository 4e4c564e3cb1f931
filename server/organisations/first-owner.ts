/**
 * The owner of an organisation made outside the app: `npm run organiser -- create` (server/organiser-cli.ts) gives a
 * fresh production database, which holds no demo data, its first organiser. The account is the one of the phone
 * number (and the e-mail address), created when missing, so that the owner then signs in to the console with a code
 * texted to that number or mailed to that address.
 */
import { normaliseEmail } from '../accounts/email-code.ts';
import type { Sql } from '../db/sql.ts';
import { createOrganisation, setMember } from './members.ts';

export type OwnerInput = { organisation: string; phone: string; email?: string; now: number };
export type OwnerMade = {
  organisationId: number;
  userId: number;
  /** False when an organisation of that name existed already: the account became (or stayed) its owner. */
  organisationCreated: boolean;
  accountCreated: boolean;
};

const PHONE = /^1[3-9]\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why the input cannot make an owner, one line per problem (empty when it can). */
export function ownerInputProblems(input: Partial<OwnerInput>): string[] {
  const problems: string[] = [];
  const name = input.organisation?.trim() ?? '';
  if (!name) problems.push('--organisation <name> is required');
  else if (name.length > 64) problems.push('--organisation: at most 64 characters');
  if (!input.phone) problems.push('--phone <number> is required');
  else if (!PHONE.test(input.phone))
    problems.push(`--phone: "${input.phone}" is no mainland mobile number (1xxxxxxxxxx)`);
  if (input.email !== undefined && !EMAIL.test(input.email.trim()))
    problems.push(`--email: "${input.email}" is no e-mail address`);
  return problems;
}

/**
 * Makes the account of `phone` (created when missing, with `email` when given) the owner of the organisation named
 * `organisation` (created when missing), in one transaction. Throws when the phone and the e-mail address belong to
 * two different accounts.
 */
export async function createFirstOwner(sql: Sql, input: OwnerInput): Promise<OwnerMade> {
  const name = input.organisation.trim();
  const email = input.email === undefined ? undefined : normaliseEmail(input.email);
  return sql.transaction().execute(async (trx) => {
    const byPhone = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('phone', '=', input.phone)
      .executeTakeFirst();
    const byEmail = email
      ? await trx.selectFrom('users').select(['id', 'phone']).where('email', '=', email).executeTakeFirst()
      : undefined;
    if (byPhone && byEmail && byPhone.id !== byEmail.id)
      throw new Error(
        `${input.phone} and ${email} belong to two different accounts (${byPhone.id}, ${byEmail.id})`,
      );
    if (byEmail && !byPhone && byEmail.phone)
      throw new Error(`${email} belongs to an account with another phone number (account ${byEmail.id})`);
    let userId: number;
    let accountCreated = false;
    if (byPhone) {
      userId = Number(byPhone.id);
      if (email && !byPhone.email)
        await trx.updateTable('users').set({ email }).where('id', '=', userId).execute();
    } else if (byEmail) {
      userId = Number(byEmail.id);
      await trx.updateTable('users').set({ phone: input.phone }).where('id', '=', userId).execute();
    } else {
      const created = await trx
        .insertInto('users')
        .values({
          phone: input.phone,
          email: email ?? null,
          nickname: `用户${input.phone.slice(-4)}`,
          created_at: input.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = Number(created.id);
      accountCreated = true;
    }
    const existing = await trx
      .selectFrom('organisations')
      .select('id')
      .where('name', '=', name)
      .orderBy('id')
      .executeTakeFirst();
    if (existing) {
      await setMember(trx, Number(existing.id), userId, 'owner', input.now);
      return { organisationId: Number(existing.id), userId, organisationCreated: false, accountCreated };
    }
    const organisationId = await createOrganisation(trx, { name, ownerId: userId, now: input.now });
    return { organisationId, userId, organisationCreated: true, accountCreated };
  });
}

/** Whether any organisation has an owner: a production start without one says how to make the first. */
export async function hasOwner(sql: Sql): Promise<boolean> {
  const row = await sql
    .selectFrom('organisation_members')
    .select('user_id')
    .where('role', '=', 'owner')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The command that makes the first owner, as the production start prints it and the README shows it. */
export const FIRST_OWNER_COMMAND =
  'npm run organiser -- create --organisation <name> --phone <number> [--email <address>]';
