-- Live-room content: the image-text introduction, related videos, episodes with each viewer's watch progress and
-- current episode, and invitations. More/new and vote totals read existing tables (channel_videos, players).
CREATE TABLE event_image_text (
  event_id INTEGER PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
  -- Organiser-authored HTML: stored as written, sanitized by the app before it is rendered.
  html TEXT NOT NULL
);

CREATE TABLE event_related (
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  related_event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (event_id, related_event_id),
  CHECK (event_id != related_event_id)
);

CREATE TABLE episodes (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  stream TEXT NOT NULL,
  duration_s INTEGER NOT NULL CHECK (duration_s > 0),
  UNIQUE (event_id, position)
);

-- Where a viewer stopped in an episode (seconds), kept per episode.
CREATE TABLE episode_progress (
  episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  position_s REAL NOT NULL CHECK (position_s >= 0),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (episode_id, user_id)
);

-- The episode a viewer is bound to (was last watching) in an event: where a return visit resumes.
CREATE TABLE episode_binds (
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (event_id, user_id)
);

-- A viewer counts as invited once per event, by the first inviter whose link brought them.
CREATE TABLE invitations (
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  invitee_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  inviter_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (event_id, invitee_id),
  CHECK (invitee_id != inviter_id)
);
CREATE INDEX invitations_inviter ON invitations(inviter_id, event_id, created_at);
