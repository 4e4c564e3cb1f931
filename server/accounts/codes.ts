/**
 * What every login code send does, SMS and e-mail alike: the recipient's limits on its stored codes (one per 60 s,
 * CODES_PER_PHONE_PER_HOUR / CODES_PER_EMAIL_PER_HOUR), the network address's, the places in the shared state
 * (code-limits.ts), then a fresh 6-digit code stored as its hash and delivered. A code that could not be delivered is
 * removed at once: it was never seen, so it neither opens a login nor counts against the recipient's stored codes
 * (the places it took in the shared state stay taken, so a failing address cannot be asked for again and again).
 */
import crypto from 'node:crypto';
import type { Generated, Kysely } from 'kysely';
import type { CodeLimits } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Sql } from '../db/sql.ts';
import type { SharedState } from '../shared/state.ts';
import {
  HOUR_MS,
  recipientLimitReached,
  RESEND_MS,
  senderLimitReached,
  takeCodePlaces,
  waitBeforeResend,
  type CodeKind,
} from './code-limits.ts';

/** Where one kind of code is kept: its table's queries for the limits, the insert and the removal. */
export type CodeStore = {
  kind: CodeKind;
  /** The recipient's hourly limit among the settings. */
  perRecipient(limits: CodeLimits): number;
  /** Codes sent to the recipient since `since`, and when the newest was. */
  sentTo(to: string, since: number): Promise<{ count: number; last: number }>;
  /** Codes asked for from the network address since `since`. */
  sentFrom(ip: string, since: number): Promise<number>;
  /** Stores the code (as its hash); answers its row id. */
  insert(to: string, code: string, input: { ip: string; now: number }): Promise<number>;
  remove(id: number): Promise<void>;
};

/** The code tables and the column of each that holds the recipient. */
type CodeTables = { sms_codes: 'phone'; email_codes: 'email' };
type CodeTable = keyof CodeTables;

/** The columns every code table has, the recipient's under its own name. */
type CodeRow<Column extends string> = {
  id: Generated<number>;
  ip: string;
  created_at: number;
  code_hash: string;
  expires_at: number;
} & Record<Column, string>;

/** A code table as the store writes it: those columns, and the recipient's and its own under their names. */
type CodeView = CodeRow<never> & { [column: string]: string | number | null | Generated<number> };

// Each code table has those columns (a table that loses one is a type error here).
type HasCodeColumns<T extends CodeTable> = Database[T] extends CodeRow<CodeTables[T]> ? true : never;
const everyTableHasCodeColumns: { [T in CodeTable]: HasCodeColumns<T> } = {
  sms_codes: true,
  email_codes: true,
};
void everyTableHasCodeColumns;

/**
 * A kind of code kept in its own table: the limits' counts, the insert and the removal, written once for every code
 * table. `row` gives the stored row's own values beside the recipient, the address and the time (the hash, the
 * expiry, a purpose).
 */
export function tableCodeStore<T extends CodeTable>(
  sql: Sql,
  store: {
    kind: CodeKind;
    table: T;
    column: CodeTables[T];
    perRecipient(limits: CodeLimits): number;
    row(
      to: string,
      code: string,
      now: number,
    ): { code_hash: string; expires_at: number } & Record<string, string | number>;
  },
): CodeStore {
  // The one table seen through the columns every code table has (checked above): kysely cannot follow a table name
  // that is a type parameter.
  const codes = sql as unknown as Kysely<Record<string, CodeView>>;
  const table: string = store.table;
  const column: string = store.column;
  return {
    kind: store.kind,
    perRecipient: store.perRecipient,
    async sentTo(to, since) {
      const recent = await codes
        .selectFrom(table)
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('created_at').as('last')])
        .where(column, '=', to)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return { count: Number(recent?.count ?? 0), last: Number(recent?.last ?? 0) };
    },
    async sentFrom(ip, since) {
      const sent = await codes
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('ip', '=', ip)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return Number(sent?.count ?? 0);
    },
    async insert(to, code, { ip, now }) {
      const row = await codes
        .insertInto(table)
        .values({ ...store.row(to, code, now), [column]: to, ip, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async remove(id) {
      await codes.deleteFrom(table).where('id', '=', id).execute();
    },
  };
}

export type CodeRequest = {
  to: string;
  ip: string;
  /** The browser's device id (server/accounts/device.ts). */
  device: string;
  now: number;
  limits: CodeLimits;
  /** Sends the code to the recipient; throws the viewer's ApiFailure when it could not. */
  deliver(code: string): Promise<void>;
};

export async function sendOneTimeCode(
  shared: SharedState,
  store: CodeStore,
  request: CodeRequest,
): Promise<{ resend_after: number; code: string }> {
  const { to, ip, now, limits } = request;
  const recent = await store.sentTo(to, now - HOUR_MS);
  if (recent.last && now - recent.last < RESEND_MS)
    throw waitBeforeResend(Math.ceil((RESEND_MS - (now - recent.last)) / 1000));
  if (recent.count >= store.perRecipient(limits)) throw recipientLimitReached(store.kind);
  if ((await store.sentFrom(ip, now - HOUR_MS)) >= limits.perIp) throw senderLimitReached();
  await takeCodePlaces(shared, { kind: store.kind, to, device: request.device, ip, now, limits });
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await store.insert(to, code, { ip, now });
  try {
    await request.deliver(code);
  } catch (error) {
    await store.remove(id);
    throw error;
  }
  return { resend_after: RESEND_MS / 1000, code };
}
