/**
 * English versions of the organiser's engagement texts: a lottery's title, rules and prize names, a daily bonus's
 * title and rules. '' where the organiser wrote none: the app then shows the original text in every language.
 */
import type { Kysely } from 'kysely';

const COLUMNS: [table: string, column: string][] = [
  ['engage_lotteries', 'title_en'],
  ['engage_lotteries', 'rules_en'],
  ['engage_lottery_prizes', 'name_en'],
  ['engage_bonuses', 'title_en'],
  ['engage_bonuses', 'rules_en'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration describes tables, not rows of the typed schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of COLUMNS)
    await db.schema
      .alterTable(table)
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
}
