/** Organisations and their members: creating one with its owner, adding or changing a member's role. */
import type { Sql } from '../db/sql.ts';
import type { OrganiserRole } from '../db/tables/organisations.ts';

/** A new organisation with `ownerId` as its owner; answers its id. `now` is unix milliseconds. */
export async function createOrganisation(
  sql: Sql,
  input: { name: string; ownerId: number; now: number },
): Promise<number> {
  const create = async (trx: Sql) => {
    const { id } = await trx
      .insertInto('organisations')
      .values({ name: input.name, created_at: input.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setMember(trx, Number(id), input.ownerId, 'owner', input.now);
    return Number(id);
  };
  return sql.isTransaction ? create(sql) : sql.transaction().execute(create);
}

/** Makes the user a member with this role (one row per organisation and user: a second call changes the role). */
export async function setMember(
  sql: Sql,
  organisationId: number,
  userId: number,
  role: OrganiserRole,
  now: number,
): Promise<void> {
  await sql
    .insertInto('organisation_members')
    .values({ organisation_id: organisationId, user_id: userId, role, created_at: now })
    .onConflict((conflict) => conflict.columns(['organisation_id', 'user_id']).doUpdateSet({ role }))
    .execute();
}
