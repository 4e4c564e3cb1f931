-- Channels, voting contests, lotteries, daily bonus, check-in, score query and the shop. Their endpoints come with
-- the feature issues; the tables and indexes (list, search, rank) are here so the demo data exists from the start.
CREATE TABLE channels (
  id INTEGER PRIMARY KEY,
  token TEXT NOT NULL UNIQUE,
  owner_id INTEGER NOT NULL REFERENCES users(id),
  color_code TEXT NOT NULL DEFAULT 'red',
  title TEXT NOT NULL,
  intro TEXT NOT NULL DEFAULT ''
);
CREATE TABLE channel_categories (
  id INTEGER PRIMARY KEY,
  channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  position INTEGER NOT NULL
);
CREATE TABLE channel_videos (
  channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  category_id INTEGER NOT NULL REFERENCES channel_categories(id) ON DELETE CASCADE,
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (category_id, event_id)
);

CREATE TABLE contests (
  id INTEGER PRIMARY KEY,
  event_id INTEGER REFERENCES events(id),
  title TEXT NOT NULL,
  rules TEXT NOT NULL DEFAULT '',
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  daily_votes_per_user INTEGER NOT NULL DEFAULT 5,
  total_votes_per_user INTEGER NOT NULL DEFAULT 50,
  votes_per_player_per_day INTEGER NOT NULL DEFAULT 1,
  vote_price_cents INTEGER NOT NULL DEFAULT 100,
  sign_up_fee_cents INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE contest_teams (id INTEGER PRIMARY KEY, contest_id INTEGER NOT NULL REFERENCES contests(id), name TEXT NOT NULL);
CREATE TABLE contest_groups (id INTEGER PRIMARY KEY, contest_id INTEGER NOT NULL REFERENCES contests(id), name TEXT NOT NULL);
CREATE TABLE players (
  id INTEGER PRIMARY KEY,
  contest_id INTEGER NOT NULL REFERENCES contests(id),
  number INTEGER NOT NULL,
  name TEXT NOT NULL,
  team_id INTEGER REFERENCES contest_teams(id),
  group_id INTEGER REFERENCES contest_groups(id),
  photo TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  votes INTEGER NOT NULL DEFAULT 0 CHECK (votes >= 0),
  score INTEGER NOT NULL DEFAULT 0,
  status INTEGER NOT NULL DEFAULT 1,
  UNIQUE (contest_id, number)
);
CREATE INDEX players_rank ON players(contest_id, votes DESC, number);
CREATE INDEX players_team ON players(contest_id, team_id, votes DESC);
CREATE INDEX players_group ON players(contest_id, group_id, votes DESC);
CREATE INDEX players_name ON players(contest_id, name);

CREATE TABLE lotteries (id INTEGER PRIMARY KEY, event_id INTEGER REFERENCES events(id), title TEXT NOT NULL, draws_per_user INTEGER NOT NULL DEFAULT 3);
CREATE TABLE lottery_prizes (
  id INTEGER PRIMARY KEY,
  lottery_id INTEGER NOT NULL REFERENCES lotteries(id),
  name TEXT NOT NULL,
  stock INTEGER NOT NULL CHECK (stock >= 0),
  weight INTEGER NOT NULL CHECK (weight >= 0)
);

CREATE TABLE daily_bonuses (id INTEGER PRIMARY KEY, event_id INTEGER REFERENCES events(id), title TEXT NOT NULL, points_per_day INTEGER NOT NULL, streak_bonus INTEGER NOT NULL DEFAULT 0);

CREATE TABLE checkin_activities (id INTEGER PRIMARY KEY, title TEXT NOT NULL, starts_at INTEGER NOT NULL, ends_at INTEGER NOT NULL);
CREATE TABLE checkin_groups (id INTEGER PRIMARY KEY, activity_id INTEGER NOT NULL REFERENCES checkin_activities(id), name TEXT NOT NULL);

CREATE TABLE score_records (
  id INTEGER PRIMARY KEY,
  exam TEXT NOT NULL,
  candidate_no TEXT NOT NULL,
  name TEXT NOT NULL,
  score INTEGER NOT NULL,
  UNIQUE (exam, candidate_no)
);
CREATE INDEX score_records_rank ON score_records(exam, score DESC);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  price_cents INTEGER NOT NULL CHECK (price_cents > 0),
  stock INTEGER NOT NULL CHECK (stock >= 0),
  cover TEXT NOT NULL DEFAULT ''
);
