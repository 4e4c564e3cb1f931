-- Orders paid through WeChat Pay (or its sandbox). Money is integer cents. An order is paid at most once.
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  order_sn TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  kind TEXT NOT NULL CHECK (kind IN ('video', 'reward', 'redpack', 'vote', 'registration', 'product')),
  ref_id INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  idempotency_key TEXT UNIQUE,
  prepay_id TEXT NOT NULL,
  transaction_id TEXT UNIQUE,
  created_at INTEGER NOT NULL,
  paid_at INTEGER
);
CREATE INDEX orders_user ON orders(user_id, created_at);
