/** Versioned migrations of the portal's own store: users, their partner connections, sessions, the audit trail. */
import type { Migration } from "@/lib/sqlite/migrate";

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
    version: 4,
    name: "audit trail",
    // Append-only and hash-chained (docs/audit.md): lib/audit/record-audit.ts is the one writer. The insert trigger
    // refuses an entry that does not follow the last one (next ID, its hash as prev_hash), so even a second writer
    // cannot fork or gap the chain; the others refuse any change or removal. No foreign key to users: the trail
    // outlives the accounts it names, with the e-mail they had at the time.
    sql: `
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  time TEXT NOT NULL,
  actor_id INTEGER,
  actor_email TEXT,
  address TEXT,
  action TEXT NOT NULL,
  connection_id TEXT,
  study TEXT,
  details TEXT NOT NULL,
  prev_hash TEXT NOT NULL UNIQUE,
  hash TEXT NOT NULL
) STRICT;
CREATE INDEX audit_log_by_time ON audit_log (time);
CREATE INDEX audit_log_by_actor ON audit_log (actor_id, id);
CREATE INDEX audit_log_by_action ON audit_log (action, id);
CREATE INDEX audit_log_by_study ON audit_log (study, id);
CREATE TRIGGER audit_log_follows_chain BEFORE INSERT ON audit_log
WHEN NEW.id IS NOT (SELECT coalesce(max(id), 0) + 1 FROM audit_log)
  OR NEW.prev_hash IS NOT coalesce((SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1), printf('%.64d', 0))
BEGIN SELECT RAISE(ABORT, 'audit_log: an entry must follow the last one (next id, its hash as prev_hash)'); END;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: entries are never changed'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: entries are never deleted'); END;
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
  {
    version: 6,
    name: "keyed audit chain",
    // An entry's hash is an HMAC under the key named by key_id (lib/audit/audit-key.ts); entries from before this
    // migration keep key_id null and their plain SHA-256 (docs/audit.md, "The keyed chain"). Once one entry is keyed,
    // every later one must be: an unkeyed entry after a keyed one would be a way to rewrite the tail without the key.
    sql: `
ALTER TABLE audit_log ADD COLUMN key_id TEXT;
CREATE TRIGGER audit_log_stays_keyed BEFORE INSERT ON audit_log
WHEN NEW.key_id IS NULL AND (SELECT key_id FROM audit_log ORDER BY id DESC LIMIT 1) IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'audit_log: after a keyed entry every entry must be keyed'); END;
`,
  },
  {
    version: 7,
    name: "table column choices",
    // Each user's Columns chooser choices, one row per table they changed (lib/db/table-columns.ts, docs/design.md,
    // Tables): `choices` is a JSON object of column ID to shown (true) or hidden (false); a column it does not name
    // keeps the table's default, so that a column a table gains later appears as the table declares it.
    sql: `
CREATE TABLE table_columns (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  table_key TEXT NOT NULL CHECK (length(table_key) BETWEEN 3 AND 120),
  choices TEXT NOT NULL CHECK (json_valid(choices) AND json_type(choices) = 'object'),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, table_key)
) STRICT, WITHOUT ROWID;
CREATE INDEX table_columns_by_age ON table_columns (user_id, updated_at);
`,
  },
  {
    version: 8,
    name: "export jobs",
    // Every instance's export jobs (lib/export/export-jobs.ts, docs/exports.md, Jobs): any instance answers a job's
    // state, file and cancel; the instance that runs it writes its progress and heartbeat. At most the kept and the
    // running jobs (a few hundred rows): every query may read them all. No foreign key to users: a job's row goes
    // only through the sweep, which deletes its file with it.
    sql: `
CREATE TABLE export_jobs (
  id TEXT PRIMARY KEY CHECK (length(id) = 32),
  owner INTEGER NOT NULL,
  connection_id TEXT NOT NULL,
  study TEXT NOT NULL,
  view TEXT NOT NULL,
  table_id TEXT NOT NULL,
  format TEXT NOT NULL CHECK (format IN ('csv', 'xlsx', 'zip')),
  state TEXT NOT NULL CHECK (state IN ('running', 'done', 'failed', 'cancelled')),
  rows_written INTEGER NOT NULL DEFAULT 0,
  total INTEGER,
  file_name TEXT,
  bytes INTEGER NOT NULL DEFAULT 0,
  sha256 TEXT,
  reason TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT,
  instance_id TEXT NOT NULL,
  heartbeat_at TEXT,
  cancel_requested INTEGER NOT NULL DEFAULT 0 CHECK (cancel_requested IN (0, 1))
) STRICT, WITHOUT ROWID;
`,
  },
  {
    version: 9,
    name: "instance keys",
    // The fingerprint of each key every instance must share, recorded by the first instance to start and compared
    // by every later one (lib/health/instance-keys.ts, docs/health.md, Shared keys): an HMAC, never the key.
    sql: `
CREATE TABLE instance_keys (
  name TEXT PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 64),
  fingerprint TEXT NOT NULL CHECK (length(fingerprint) = 64),
  recorded_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;
`,
  },
  {
    version: 10,
    name: "study snapshots",
    // Every load of a study's record type, kept (lib/snapshots, docs/snapshots.md): its rows in chunks stored once
    // by the hash of their content, so that a chunk unchanged between loads, or read alike by two partner
    // identities, is stored once; and per load, the chunks' hashes in order. `identity` is a hash of the partner
    // identity (base URL, partner ID, client ID), never the secret.
    sql: `
CREATE TABLE snapshot_chunks (
  hash TEXT PRIMARY KEY CHECK (length(hash) = 64),
  record_type TEXT NOT NULL,
  row_count INTEGER NOT NULL CHECK (row_count >= 0),
  body BLOB NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE TABLE study_snapshots (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  identity TEXT NOT NULL CHECK (length(identity) = 64),
  study TEXT NOT NULL CHECK (length(study) BETWEEN 1 AND 64),
  record_type TEXT NOT NULL CHECK (length(record_type) BETWEEN 1 AND 40),
  taken_at TEXT NOT NULL,
  fingerprint TEXT NOT NULL CHECK (length(fingerprint) = 64),
  records INTEGER NOT NULL CHECK (records >= 0),
  received INTEGER NOT NULL CHECK (received >= 0),
  rejected TEXT NOT NULL CHECK (json_valid(rejected)),
  chunk_hashes BLOB NOT NULL,
  bytes INTEGER NOT NULL CHECK (bytes >= 0)
) STRICT;
CREATE INDEX study_snapshots_latest ON study_snapshots (identity, study, record_type, id);
`,
  },
  {
    version: 11,
    name: "review marks",
    // Each user's reviewed marks (lib/review, docs/review.md): one list per partner organisation, study, user and
    // record type, whose version every write moves on (so that each instance knows when its copy is stale), and per
    // marked record its key, the hash of its content when marked (null: the mark was taken away), when, the snapshot
    // of its record type then, and the list's version that wrote it (what an instance reads to catch up). A mark
    // names its list without a foreign key, which PostgreSQL checks row by row and which doubled the time of a
    // million marks; a list's marks go with it by a trigger on the lists instead.
    sql: `
CREATE TABLE review_lists (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organisation TEXT NOT NULL CHECK (length(organisation) = 64),
  study TEXT NOT NULL CHECK (length(study) BETWEEN 1 AND 64),
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  record_type TEXT NOT NULL CHECK (length(record_type) BETWEEN 1 AND 40),
  version INTEGER NOT NULL DEFAULT 0,
  UNIQUE (organisation, study, user_id, record_type)
) STRICT;
CREATE TABLE review_marks (
  list_id INTEGER NOT NULL,
  record_key TEXT NOT NULL CHECK (length(record_key) BETWEEN 1 AND 200),
  content_hash TEXT CHECK (content_hash IS NULL OR length(content_hash) = 16),
  marked_at TEXT NOT NULL,
  snapshot_id INTEGER,
  version INTEGER NOT NULL,
  PRIMARY KEY (list_id, record_key)
) STRICT, WITHOUT ROWID;
CREATE INDEX review_marks_since ON review_marks (list_id, version);
CREATE TRIGGER review_lists_marks AFTER DELETE ON review_lists
BEGIN
  DELETE FROM review_marks WHERE list_id = OLD.id;
END;
`,
  },
  {
    version: 12,
    name: "review comments",
    // Comments on records (lib/review/comments-store.ts, docs/review.md, Comments): one thread per partner
    // organisation, study and record (a subject's thread is its Patient record's), open or resolved, and its comments
    // in order, each with its author's name as written then (a removed user's comments still say who wrote them).
    sql: `
CREATE TABLE review_threads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organisation TEXT NOT NULL CHECK (length(organisation) = 64),
  study TEXT NOT NULL CHECK (length(study) BETWEEN 1 AND 64),
  record_type TEXT NOT NULL CHECK (length(record_type) BETWEEN 1 AND 40),
  record_key TEXT NOT NULL CHECK (length(record_key) BETWEEN 1 AND 200),
  subject_id TEXT CHECK (subject_id IS NULL OR length(subject_id) BETWEEN 1 AND 200),
  comments INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  resolved_at TEXT,
  resolved_by TEXT,
  UNIQUE (organisation, study, record_type, record_key)
) STRICT;
CREATE TABLE review_comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  thread_id INTEGER NOT NULL REFERENCES review_threads(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  author TEXT NOT NULL CHECK (length(author) BETWEEN 1 AND 200),
  body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX review_comments_thread ON review_comments (thread_id, id);
`,
  },
  {
    version: 13,
    name: "saved views",
    // Saved views (lib/review/views-store.ts, docs/review.md, Saved views): a named page of a study (its address
    // below the study, with its query) and the study snapshot it showed, kept by one user of a partner organisation
    // for themselves or shared with the organisation.
    sql: `
CREATE TABLE saved_views (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  organisation TEXT NOT NULL CHECK (length(organisation) = 64),
  study TEXT NOT NULL CHECK (length(study) BETWEEN 1 AND 64),
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  owner TEXT NOT NULL CHECK (length(owner) BETWEEN 1 AND 200),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  path TEXT NOT NULL CHECK (length(path) <= 400),
  query TEXT NOT NULL CHECK (length(query) <= 2000),
  snapshot_id INTEGER,
  snapshot_at TEXT,
  shared INTEGER NOT NULL CHECK (shared IN (0, 1)),
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX saved_views_study ON saved_views (organisation, study, user_id);
`,
  },
  {
    version: 14,
    name: "check findings",
    // When each data-check finding of a study was first found (lib/review/findings-store.ts, docs/review.md,
    // Data-check findings): per partner organisation and study, the findings found now with the time of the data
    // they were first found in, and the time of the newest data checked. A finding no longer found is forgotten.
    sql: `
CREATE TABLE check_findings (
  organisation TEXT NOT NULL CHECK (length(organisation) = 64),
  study TEXT NOT NULL CHECK (length(study) BETWEEN 1 AND 64),
  finding_key TEXT NOT NULL CHECK (length(finding_key) = 24),
  first_found_at TEXT NOT NULL,
  first_check INTEGER NOT NULL CHECK (first_check IN (0, 1)),
  PRIMARY KEY (organisation, study, finding_key)
) STRICT;
CREATE TABLE check_findings_checked (
  organisation TEXT NOT NULL CHECK (length(organisation) = 64),
  study TEXT NOT NULL CHECK (length(study) BETWEEN 1 AND 64),
  checked_at TEXT NOT NULL,
  PRIMARY KEY (organisation, study)
) STRICT;
`,
  },
  {
    version: 15,
    name: "chunk row hashes",
    // Each snapshot chunk's rows' content hashes, 8 bytes a row in their order (lib/snapshots/chunks.ts,
    // docs/snapshots.md): rows read back from a snapshot come with them. Null in a chunk stored without them.
    sql: `
ALTER TABLE snapshot_chunks ADD COLUMN row_hashes BLOB
  CHECK (row_hashes IS NULL OR length(row_hashes) = row_count * 8);
`,
  },
];
