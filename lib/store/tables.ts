/**
 * The portal store's tables as the query builder sees them (docs/store.md). Both stores hold the same columns with
 * the same meaning; times are ISO 8601 UTC text in both, so that an audit entry's hashed form is its stored form.
 */
import type { Generated } from "kysely";

export interface UsersTable {
  id: Generated<number>;
  /** Lower-cased on the way in (lib/db/users.ts emailSchema); unique. */
  email: string;
  name: string;
  password_hash: string | null;
  role: "user" | "admin";
  oidc_subject: string | null;
  disabled_at: string | null;
  created_at: string;
  /** Sessions signed in under an older epoch are over. */
  session_epoch: Generated<number>;
}

export interface ConnectionsTable {
  id: string;
  user_id: number;
  name: string;
  base_url: string;
  partner_id: string;
  client_id: string;
  secret_sealed: string;
  /** JSON array of study identifiers. */
  studies: string;
  created_at: string;
  updated_at: string;
}

export interface EndedSessionsTable {
  session_id: string;
  /** Unix seconds. */
  expires_at: number;
}

export interface AuditLogTable {
  id: number;
  time: string;
  actor_id: number | null;
  actor_email: string | null;
  address: string | null;
  action: string;
  connection_id: string | null;
  study: string | null;
  /** The canonical JSON of the action's details (lib/audit/canonical.ts). */
  details: string;
  prev_hash: string;
  hash: string;
  key_id: string | null;
}

export interface UserSettingsTable {
  user_id: number;
  /** 0 or 1 (SQLite has no boolean; PostgreSQL keeps the same smallint so both read alike). */
  csv_bom: number;
}

export interface TableColumnsTable {
  user_id: number;
  /** `<view>.<table>` (lib/db/table-column-rules.ts). */
  table_key: string;
  /** JSON object of column ID to shown (true) or hidden (false). */
  choices: string;
  updated_at: string;
}

export interface InstanceKeysTable {
  /** The variable whose key this is (lib/config/shared-keys.ts, SHARED_KEYS). */
  name: string;
  /** HMAC-SHA256 hex of a fixed label under the key (keyFingerprint): never the key. */
  fingerprint: string;
  recorded_at: string;
}

/** An export job as every instance reads it (lib/export/export-jobs.ts, docs/exports.md, Jobs). */
export interface ExportJobsTable {
  /** 128 random bits in hex; the job's files are named by it. */
  id: string;
  /** The user whose job it is; every lookup names it. */
  owner: number;
  connection_id: string;
  study: string;
  view: string;
  table_id: string;
  format: "csv" | "xlsx" | "zip";
  state: "running" | "done" | "failed" | "cancelled";
  rows_written: Generated<number>;
  /** Rows the file will hold; null while they are prepared. */
  total: number | null;
  file_name: string | null;
  /** The file's bytes: as last measured while it is written, its size once done. */
  bytes: Generated<number>;
  sha256: string | null;
  reason: string | null;
  created_at: string;
  finished_at: string | null;
  /** The instance that runs the job. */
  instance_id: string;
  /** The runner's last sign of life; null once the job holds no running place. */
  heartbeat_at: string | null;
  /** 0 or 1: its owner cancelled it; the runner stops at its next step. */
  cancel_requested: Generated<number>;
}

/** A chunk of a snapshot's rows, stored once by the hash of its content (lib/snapshots, docs/snapshots.md). */
export interface SnapshotChunksTable {
  /** SHA-256 of the chunk's serialized rows, in hex. */
  hash: string;
  record_type: string;
  row_count: number;
  /** The serialized rows, compressed. */
  body: Buffer;
  /** The rows' content hashes, 8 bytes a row in their order; null in a chunk stored without them. */
  row_hashes: Buffer | null;
  /** When it was first stored: the sweep leaves chunks younger than a snapshot being written could be. */
  created_at: string;
}

/** One kept load of a study's record type by one partner identity (lib/snapshots, docs/snapshots.md). */
export interface StudySnapshotsTable {
  id: Generated<number>;
  /** SHA-256 of the partner identity (base URL, partner ID, client ID), in hex. */
  identity: string;
  study: string;
  record_type: string;
  taken_at: string;
  /** SHA-256 of the record type, counts and chunk hashes: equal fingerprints, equal rows. */
  fingerprint: string;
  records: number;
  received: number;
  /** JSON: what the contract's schemas refused. */
  rejected: string;
  /** The chunks' SHA-256 hashes, 32 bytes each, in the rows' order. */
  chunk_hashes: Buffer;
  /** The bytes of the chunks this snapshot added to the store (its chunks that were new). */
  bytes: number;
}

/** One user's reviewed marks of one record type of a study, read through one partner organisation (lib/review). */
export interface ReviewListsTable {
  id: Generated<number>;
  /** SHA-256 of the partner organisation (base URL, partner ID), in hex (lib/review/organisation.ts). */
  organisation: string;
  study: string;
  user_id: number;
  record_type: string;
  /** Moved on by every write of the list's marks: a copy read at an older version is stale. */
  version: Generated<number>;
}

/** A record marked reviewed, tied to its content when marked (lib/review, docs/review.md). */
export interface ReviewMarksTable {
  list_id: number;
  /** The record's key as the partner API names it (lib/snapshots/changes.ts, RECORD_KEYS). */
  record_key: string;
  /**
   * The first 16 hex digits of the SHA-256 of the record's row as the portal keeps it (lib/review/content.ts); null:
   * the mark was taken away (kept, so that an instance reading the list's later writes sees it go).
   */
  content_hash: string | null;
  marked_at: string;
  /** The snapshot of the record type the marked rows were (its fields before a change are read there); null: none. */
  snapshot_id: number | null;
  /** The list's version that wrote this row. */
  version: number;
}

/** A thread of comments on one record of a study, within one partner organisation (lib/review/comments-store.ts). */
export interface ReviewThreadsTable {
  id: Generated<number>;
  organisation: string;
  study: string;
  record_type: string;
  record_key: string;
  /** The record's subject, where it has one: a subject's page lists the threads of its records. */
  subject_id: string | null;
  /** How many comments it holds. */
  comments: Generated<number>;
  /** When its last comment was written, or it was resolved or opened again. */
  updated_at: string;
  /** When it was resolved, and by whom (their name then); null: open. */
  resolved_at: string | null;
  resolved_by: string | null;
}

/** One comment of a thread, with its author's name as written then. */
export interface ReviewCommentsTable {
  id: Generated<number>;
  thread_id: number;
  /** The author; null once their account was removed (the name stays). */
  user_id: number | null;
  author: string;
  body: string;
  created_at: string;
}

/** A named page of a study and the study snapshot it showed (lib/review/views-store.ts). */
export interface SavedViewsTable {
  id: Generated<number>;
  organisation: string;
  study: string;
  /** Who saved it, and their name then. */
  user_id: number;
  owner: string;
  name: string;
  /** The page below the study's address ("adverse-events", "subjects/101-0001"; "" the overview). */
  path: string;
  /** Its query, without the snapshot. */
  query: string;
  /** The study snapshot it showed (its id and time); null: none was kept. */
  snapshot_id: number | null;
  snapshot_at: string | null;
  /** 0 or 1: shared with the organisation, or the owner's only. */
  shared: number;
  created_at: string;
}

/** A data-check finding of a study and when it was first found (lib/review/findings-store.ts). */
export interface CheckFindingsTable {
  organisation: string;
  study: string;
  finding_key: string;
  /** The time of the data it was first found in (ISO 8601). */
  first_found_at: string;
  /** 0 or 1: found at the organisation's first check of the study, so there or in earlier data. */
  first_check: number;
}

/** The newest data whose findings were recorded, per organisation and study. */
export interface CheckFindingsCheckedTable {
  organisation: string;
  study: string;
  checked_at: string;
}

export interface PortalTables {
  users: UsersTable;
  connections: ConnectionsTable;
  ended_sessions: EndedSessionsTable;
  audit_log: AuditLogTable;
  user_settings: UserSettingsTable;
  table_columns: TableColumnsTable;
  export_jobs: ExportJobsTable;
  instance_keys: InstanceKeysTable;
  snapshot_chunks: SnapshotChunksTable;
  study_snapshots: StudySnapshotsTable;
  review_lists: ReviewListsTable;
  review_marks: ReviewMarksTable;
  review_threads: ReviewThreadsTable;
  review_comments: ReviewCommentsTable;
  saved_views: SavedViewsTable;
  check_findings: CheckFindingsTable;
  check_findings_checked: CheckFindingsCheckedTable;
}
