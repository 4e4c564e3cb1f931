-- Viewers, sessions and events (live rooms). Money is integer cents.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  phone TEXT UNIQUE,
  email TEXT UNIQUE,
  openid TEXT UNIQUE,
  nickname TEXT NOT NULL DEFAULT '',
  avatar TEXT NOT NULL DEFAULT '',
  permissions TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL
);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  token TEXT NOT NULL UNIQUE,
  owner_id INTEGER NOT NULL REFERENCES users(id),
  color_code TEXT NOT NULL DEFAULT 'red',
  title TEXT NOT NULL,
  cover TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  announcement TEXT NOT NULL DEFAULT '',
  live_status INTEGER NOT NULL DEFAULT 0 CHECK (live_status IN (0, 1, 2)),
  start_time INTEGER NOT NULL DEFAULT 0,
  views INTEGER NOT NULL DEFAULT 0,
  live_stream TEXT NOT NULL DEFAULT '',
  replay_stream TEXT NOT NULL DEFAULT '',
  password TEXT NOT NULL DEFAULT '',
  price_cents INTEGER NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  needs_info_form INTEGER NOT NULL DEFAULT 0
);

-- Gates a viewer has passed for an event: 'password', 'paid', 'info_form'.
CREATE TABLE event_access (
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  gate TEXT NOT NULL CHECK (gate IN ('password', 'paid', 'info_form')),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (event_id, user_id, gate)
);
