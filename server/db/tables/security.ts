import type { Generated } from 'kysely';

/** The video password lock-out (migration 011_security.ts). */
export interface SecurityTables {
  /** Wrong video passwords per event and subject (`user:<id>` or `ip:<address>`), with the lock they earned. */
  password_attempts: {
    event_id: number;
    subject: string;
    failures: number;
    /** Unix ms until which tries are refused (0: not locked). */
    locked_until: Generated<number>;
    updated_at: number;
  };
}
