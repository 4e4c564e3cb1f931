-- WeChat logins by code (web OAuth and mini program) and the phone-number code, plus the sandbox's one-time codes.
-- users.openid keeps the web (official account) openid; the mini program has its own openid per viewer.
ALTER TABLE users ADD COLUMN unionid TEXT;
CREATE UNIQUE INDEX users_unionid ON users(unionid) WHERE unionid IS NOT NULL;
CREATE TABLE wechat_mini_accounts (
  openid TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_key TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE wechat_sandbox_codes (
  code TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('oauth', 'mini', 'phone')),
  subject TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
