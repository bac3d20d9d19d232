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
];
