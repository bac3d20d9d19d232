/** Versioned migrations of the portal's own store: users and their partner connections. */
import type { Migration } from "../sqlite/migrate";

export const portalMigrations: Migration[] = [
  {
    version: 1,
    name: "users and partner connections",
    sql: `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  password_hash TEXT,
  role TEXT NOT NULL CHECK (role IN ('user', 'admin')),
  oidc_subject TEXT UNIQUE,
  disabled_at TEXT,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE connections (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  base_url TEXT NOT NULL,
  partner_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  secret_sealed TEXT NOT NULL,
  studies TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX connections_by_user ON connections (user_id);
`,
  },
  {
    version: 2,
    name: "per-user session epoch",
    // A session token carries the epoch of its sign-in; bumping the column ends every older session of that user.
    sql: "ALTER TABLE users ADD COLUMN session_epoch INTEGER NOT NULL DEFAULT 0;",
  },
  {
    version: 3,
    name: "sessions ended by signing out",
    // A signed-out session's ID until its token could no longer be valid anyway (lib/db/ended-sessions.ts).
    sql: `
CREATE TABLE ended_sessions (
  session_id TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX ended_sessions_by_expiry ON ended_sessions (expires_at);
`,
  },
  {
    version: 5,
    name: "user settings: exports",
    // One row per user who changed a setting; a missing row reads as the defaults (lib/db/user-settings.ts).
    sql: `
CREATE TABLE user_settings (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  csv_bom INTEGER NOT NULL DEFAULT 0 CHECK (csv_bom IN (0, 1))
) STRICT;
`,
  },
];
