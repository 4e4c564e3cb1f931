-- Chat, moderation, gifts/rewards and red packets. Money is integer cents.
CREATE TABLE chat_messages (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id),
  kind TEXT NOT NULL CHECK (kind IN ('text', 'gift', 'tip', 'system', 'redpack')),
  content TEXT NOT NULL DEFAULT '',
  gift_name TEXT NOT NULL DEFAULT '',
  gift_name_en TEXT NOT NULL DEFAULT '',
  gift_count INTEGER NOT NULL DEFAULT 0,
  amount_cents INTEGER NOT NULL DEFAULT 0 CHECK (amount_cents >= 0),
  packet_id INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
-- History pages upward by id within an event.
CREATE INDEX chat_messages_event ON chat_messages(event_id, id);

CREATE TABLE chat_blacklist (
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  by_user_id INTEGER NOT NULL REFERENCES users(id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (event_id, user_id)
);

CREATE TABLE gifts (
  id INTEGER PRIMARY KEY,
  name_zh TEXT NOT NULL,
  name_en TEXT NOT NULL,
  price_cents INTEGER NOT NULL CHECK (price_cents > 0),
  position INTEGER NOT NULL
);

-- A gift or a free-amount tip; paid through an order of kind 'reward' (ref_id = rewards.id).
CREATE TABLE rewards (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  gift_id INTEGER REFERENCES gifts(id),
  gift_count INTEGER NOT NULL DEFAULT 1 CHECK (gift_count > 0),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  created_at INTEGER NOT NULL,
  paid_at INTEGER
);

-- status: 0 awaiting payment, 1 open, 2 all shares grabbed, 3 expired (unclaimed shares refunded).
CREATE TABLE red_packets (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events(id),
  sender_id INTEGER NOT NULL REFERENCES users(id),
  total_cents INTEGER NOT NULL CHECK (total_cents > 0),
  share_count INTEGER NOT NULL CHECK (share_count > 0 AND total_cents >= share_count),
  greeting TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
  created_at INTEGER NOT NULL,
  paid_at INTEGER,
  expires_at INTEGER,
  refunded_cents INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  refunded_at INTEGER
);
CREATE INDEX red_packets_open ON red_packets(status, expires_at);

-- Shares are split when the packet is paid; a grab claims the next unclaimed share in one UPDATE. The unique index
-- makes a second grab by the same viewer fail even under concurrency.
CREATE TABLE red_packet_shares (
  packet_id INTEGER NOT NULL REFERENCES red_packets(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 1),
  user_id INTEGER REFERENCES users(id),
  grabbed_at INTEGER,
  PRIMARY KEY (packet_id, seq)
);
CREATE UNIQUE INDEX red_packet_shares_user ON red_packet_shares(packet_id, user_id) WHERE user_id IS NOT NULL;
