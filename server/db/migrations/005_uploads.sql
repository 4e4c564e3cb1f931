-- Files accepted by the local upload host (server/uploads/host.ts) and its chunked (v2 multipart) uploads.
CREATE TABLE uploads (
  key TEXT PRIMARY KEY,
  user_id INTEGER,
  size INTEGER NOT NULL CHECK (size >= 0),
  mime TEXT NOT NULL,
  hash TEXT NOT NULL,
  fname TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE TABLE upload_sessions (
  id TEXT PRIMARY KEY,
  key TEXT NOT NULL,
  user_id INTEGER,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE upload_parts (
  upload_id TEXT NOT NULL REFERENCES upload_sessions(id) ON DELETE CASCADE,
  part_number INTEGER NOT NULL CHECK (part_number BETWEEN 1 AND 10000),
  size INTEGER NOT NULL,
  etag TEXT NOT NULL,
  PRIMARY KEY (upload_id, part_number)
);
