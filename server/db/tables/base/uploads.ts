import type { Generated } from '../core.ts';

/** The local upload host's files and chunked uploads (migration 005_uploads). */
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
}
