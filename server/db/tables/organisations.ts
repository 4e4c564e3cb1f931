import type { Generated } from './core.ts';

/** What a member may do for its organisation (server/organisations/roles.ts maps roles to actions). */
export type OrganiserRole = 'owner' | 'operator' | 'data_viewer' | 'check_in_staff';

/**
 * Organisations own events (migration 026_organisations.ts). An event's organisation owns what hangs off the event
 * (its products, contests, lotteries, check-in activities, score tables, daily bonuses, chat); channels and contests
 * carry their own `organisation_id` (a contest may have no event). The column is null for a row no organisation
 * owns: nobody acts on it as its organiser. Times are unix milliseconds.
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
  /** The owning organisation's column on tables declared elsewhere (the declarations intersect). */
  events: { organisation_id: number | null };
  channels: { organisation_id: number | null };
  contests: { organisation_id: number | null };
}
