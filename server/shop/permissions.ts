/**
 * Organiser permissions: a permission check tests whether a named permission is in the user's permission list
 * (users.permissions, a JSON array; spec section 6).
 */
import type { Sql } from '../db/sql.ts';

type UserTables = { users: { id: number; permissions: string } };

export async function permissionsOf(sql: Sql, userId: number): Promise<string[]> {
  const row = await sql
    .withTables<UserTables>()
    .selectFrom('users')
    .select('permissions')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return [];
  try {
    const list: unknown = JSON.parse(row.permissions);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** True when the list names any of the permissions. */
export async function hasPermission(sql: Sql, userId: number, ...names: string[]): Promise<boolean> {
  const held = await permissionsOf(sql, userId);
  return names.some((name) => held.includes(name));
}
