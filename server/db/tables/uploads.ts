import type { Generated } from 'kysely';

/**
 * The local upload host's files, chunked uploads (migration 005) and upload tokens (012). Times are unix
 * milliseconds unless a name says otherwise.
 */
export interface UploadTables {
  uploads: {
    key: string;
    user_id: number | null;
    size: number;
    mime: string;
    hash: string;
    fname: Generated<string>;
    created_at: number;
  };
  /** expires_at in unix seconds. */
  upload_sessions: {
    id: string;
    key: string;
    user_id: number | null;
    expires_at: number;
    created_at: number;
  };
  upload_parts: { upload_id: string; part_number: number; size: number; etag: string };
  /** One row per upload token: its key prefix ends in the id; the local upload host takes one file per token. */
  upload_tokens: { id: string; user_id: number; issued_at: number; used_key: string | null };
}
