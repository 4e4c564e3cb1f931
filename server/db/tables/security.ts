import type { Generated } from './core.ts';

/** Tables of the security checks: the password lock-out (011_security.ts) and upload tokens (012_upload_tokens.ts). */
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
  /** One row per upload token: its key prefix ends in the id; the local upload host takes one file per token. */
  upload_tokens: { id: string; user_id: number; issued_at: number; used_key: string | null };
}
