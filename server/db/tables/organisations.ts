import type { Generated } from 'kysely';

/** What a member may do for its organisation (server/organisations/roles.ts maps roles to actions). */
export type OrganiserRole = 'owner' | 'operator' | 'data_viewer' | 'check_in_staff';

/**
 * Organisations and their members (migration 026_organisations.ts). An organisation owns events, channels and
 * contests through their `organisation_id` columns (declared with those tables). Times are unix milliseconds.
 */
export interface OrganisationTables {
  organisations: { id: Generated<number>; name: string; created_at: number };
  /** One row per member: (organisation_id, user_id) is the primary key. */
  organisation_members: {
    organisation_id: number;
    user_id: number;
    role: OrganiserRole;
    created_at: number;
  };
}
