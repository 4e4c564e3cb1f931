-- Voting: contest settings the endpoints need, vote records (one row per counted request, idempotency key unique per
-- user), per-user and per-player daily counters (the limits are checked against them inside the vote transaction),
-- paid-vote orders, sign-ups and judges' scores. Days are China Standard Time calendar days (unix day of t + 8 h).
ALTER TABLE contests ADD COLUMN cover TEXT NOT NULL DEFAULT '';
-- The sign-up form: JSON array of {key, label, type, required, max_count, placeholder, options?: [{value, label}]}.
ALTER TABLE contests ADD COLUMN form_fields TEXT NOT NULL DEFAULT '[]';
-- 1: the organiser reviews sign-ups (pending until approved); 0: approved at once (after the fee when it charges).
ALTER TABLE contests ADD COLUMN sign_up_review INTEGER NOT NULL DEFAULT 1;
ALTER TABLE players ADD COLUMN photos TEXT NOT NULL DEFAULT '[]';
ALTER TABLE players ADD COLUMN video TEXT NOT NULL DEFAULT '';

CREATE TABLE vote_records (
  id INTEGER PRIMARY KEY,
  contest_id INTEGER NOT NULL REFERENCES contests(id),
  player_id INTEGER NOT NULL REFERENCES players(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  day INTEGER NOT NULL,
  count INTEGER NOT NULL CHECK (count > 0),
  paid INTEGER NOT NULL DEFAULT 0 CHECK (paid IN (0, 1)),
  idempotency_key TEXT NOT NULL,
  votes_after INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
-- Changes since a version (rowid follows contest_id in the index). Every index here is written by every vote: keep
-- them few.
CREATE INDEX vote_records_contest ON vote_records(contest_id);

CREATE TABLE vote_user_days (
  contest_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  day INTEGER NOT NULL,
  votes INTEGER NOT NULL,
  PRIMARY KEY (contest_id, user_id, day)
) WITHOUT ROWID;
CREATE TABLE vote_user_player_days (
  contest_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  player_id INTEGER NOT NULL,
  day INTEGER NOT NULL,
  votes INTEGER NOT NULL,
  PRIMARY KEY (contest_id, user_id, player_id, day)
) WITHOUT ROWID;
-- Votes (free and paid) each player received per day: today's star.
CREATE TABLE vote_player_days (
  contest_id INTEGER NOT NULL,
  day INTEGER NOT NULL,
  player_id INTEGER NOT NULL,
  votes INTEGER NOT NULL,
  PRIMARY KEY (contest_id, day, player_id)
) WITHOUT ROWID;
CREATE INDEX vote_player_days_star ON vote_player_days(contest_id, day, votes DESC);

CREATE TABLE vote_orders (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id),
  contest_id INTEGER NOT NULL REFERENCES contests(id),
  player_id INTEGER NOT NULL REFERENCES players(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  count INTEGER NOT NULL CHECK (count > 0),
  credited_at INTEGER
);

CREATE TABLE vote_sign_ups (
  id INTEGER PRIMARY KEY,
  contest_id INTEGER NOT NULL REFERENCES contests(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  name TEXT NOT NULL,
  answers TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('unpaid', 'pending', 'approved', 'rejected')),
  player_id INTEGER REFERENCES players(id),
  inviter_id INTEGER REFERENCES users(id),
  created_at INTEGER NOT NULL,
  UNIQUE (contest_id, user_id)
);
CREATE INDEX vote_sign_ups_inviter ON vote_sign_ups(contest_id, inviter_id, id);

CREATE TABLE player_scores (
  id INTEGER PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES players(id),
  item TEXT NOT NULL,
  judge TEXT NOT NULL,
  score INTEGER NOT NULL CHECK (score >= 0),
  max_score INTEGER NOT NULL CHECK (max_score > 0)
);
CREATE INDEX player_scores_player ON player_scores(player_id);

-- The score list (votes never change it). Rank lists within a team or group use players_team / players_group of 004:
-- another index holding votes would cost every vote another page write.
CREATE INDEX players_score ON players(contest_id, score DESC, number);
-- Hidden players (status <> 1) are rare: this finds them at once, so lists skip the status check when there are none.
CREATE INDEX players_status ON players(contest_id, status);
