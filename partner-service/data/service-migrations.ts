/**
 * Versioned migrations of the partner service's database.
 *
 * Paging is by a dense per-study sequence number (`seq`, or `vis_seq` for rows
 * whose visibility is filtered), so page N is an index range lookup instead of
 * an OFFSET scan, and `total` is `max(seq)`: both stay fast deep into a study
 * of a million rows. The generator is the only writer of the data tables and
 * assigns those numbers; `vis_seq` is NULL for rows that are never served
 * (unsigned or superseded assessment revisions and their lesions).
 */
import type { Migration } from "@/lib/sqlite/migrate";

export const serviceMigrations: Migration[] = [
  {
    version: 1,
    name: "trial data and partner registry",
    sql: `
CREATE TABLE studies (
  study_number TEXT PRIMARY KEY,
  sponsor_study_number TEXT NOT NULL,
  trial_name TEXT NOT NULL,
  criteria TEXT NOT NULL,
  agent TEXT NOT NULL,
  title TEXT NOT NULL
) STRICT;

CREATE TABLE subjects (
  subject_id TEXT PRIMARY KEY,
  study_number TEXT NOT NULL REFERENCES studies(study_number),
  seq INTEGER NOT NULL,
  subject_study_id TEXT NOT NULL UNIQUE,
  mrn TEXT NOT NULL,
  gender TEXT NOT NULL,
  birth_year INTEGER NOT NULL,
  race TEXT NOT NULL,
  ethnicity TEXT NOT NULL,
  UNIQUE (study_number, seq)
) STRICT;

CREATE TABLE adverse_events (
  ae_key TEXT PRIMARY KEY,
  study_number TEXT NOT NULL REFERENCES studies(study_number),
  seq INTEGER NOT NULL,
  subject_id TEXT NOT NULL REFERENCES subjects(subject_id),
  ae_no INTEGER NOT NULL,
  seq_no INTEGER NOT NULL,
  term TEXT NOT NULL,
  grade INTEGER,
  ctcae_version REAL NOT NULL,
  start_at TEXT NOT NULL,
  end_date TEXT,
  ongoing INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  causality TEXT NOT NULL,
  verified INTEGER NOT NULL,
  UNIQUE (study_number, seq)
) STRICT;

CREATE TABLE assessments (
  row_id INTEGER PRIMARY KEY,
  assessment_id TEXT NOT NULL,
  case_id INTEGER NOT NULL,
  study_number TEXT NOT NULL REFERENCES studies(study_number),
  subject_id TEXT NOT NULL REFERENCES subjects(subject_id),
  case_revision INTEGER NOT NULL,
  assessment_revision INTEGER NOT NULL,
  revision_date TEXT NOT NULL,
  pi_signed INTEGER NOT NULL,
  name TEXT NOT NULL,
  timepoint INTEGER NOT NULL,
  current_value REAL,
  change_previous REAL,
  change_baseline REAL,
  change_nadir REAL,
  effective_at TEXT NOT NULL,
  conclusion TEXT NOT NULL,
  vis_seq INTEGER,
  UNIQUE (assessment_id, case_revision, assessment_revision)
) STRICT;
CREATE UNIQUE INDEX assessments_visible ON assessments (study_number, vis_seq) WHERE vis_seq IS NOT NULL;
CREATE INDEX assessments_by_id ON assessments (study_number, assessment_id);

CREATE TABLE lesions (
  row_id INTEGER PRIMARY KEY,
  lesion_id TEXT NOT NULL,
  assessment_row INTEGER NOT NULL REFERENCES assessments(row_id),
  study_number TEXT NOT NULL REFERENCES studies(study_number),
  subject_id TEXT NOT NULL REFERENCES subjects(subject_id),
  organ TEXT NOT NULL,
  category TEXT NOT NULL,
  state TEXT NOT NULL,
  is_node INTEGER NOT NULL,
  series_number INTEGER NOT NULL,
  series_description TEXT NOT NULL,
  instance_number INTEGER NOT NULL,
  modality TEXT NOT NULL,
  label TEXT NOT NULL,
  change_previous REAL,
  change_baseline REAL,
  change_nadir REAL,
  effective_at TEXT NOT NULL,
  value REAL,
  unit TEXT NOT NULL,
  vis_seq INTEGER
) STRICT;
CREATE UNIQUE INDEX lesions_visible ON lesions (study_number, vis_seq) WHERE vis_seq IS NOT NULL;
CREATE INDEX lesions_by_id ON lesions (study_number, lesion_id);
CREATE INDEX lesions_by_assessment ON lesions (assessment_row);

CREATE TABLE lab_results (
  id TEXT PRIMARY KEY,
  study_number TEXT NOT NULL REFERENCES studies(study_number),
  seq INTEGER NOT NULL,
  subject_id TEXT NOT NULL REFERENCES subjects(subject_id),
  service_code TEXT,
  test_code TEXT NOT NULL,
  visit TEXT NOT NULL,
  collected_at TEXT NOT NULL,
  issued TEXT NOT NULL,
  practitioner_id TEXT NOT NULL,
  value REAL,
  value_string TEXT,
  unit TEXT,
  reference_range TEXT,
  UNIQUE (study_number, seq)
) STRICT;

CREATE TABLE vital_signs (
  id TEXT PRIMARY KEY,
  study_number TEXT NOT NULL REFERENCES studies(study_number),
  seq INTEGER NOT NULL,
  subject_id TEXT NOT NULL REFERENCES subjects(subject_id),
  service_code TEXT NOT NULL,
  item_type TEXT NOT NULL,
  visit TEXT NOT NULL,
  collected_at TEXT NOT NULL,
  issued TEXT NOT NULL,
  practitioner_id TEXT NOT NULL,
  value REAL,
  value_string TEXT,
  unit TEXT,
  UNIQUE (study_number, seq)
) STRICT;

CREATE TABLE medications (
  id TEXT PRIMARY KEY,
  study_number TEXT NOT NULL REFERENCES studies(study_number),
  seq INTEGER NOT NULL,
  subject_id TEXT NOT NULL REFERENCES subjects(subject_id),
  record_id TEXT NOT NULL,
  source_table TEXT NOT NULL,
  rule_def TEXT NOT NULL,
  drug TEXT NOT NULL,
  start_at TEXT NOT NULL,
  end_at TEXT,
  source_type TEXT NOT NULL,
  dosage_text TEXT NOT NULL,
  route TEXT NOT NULL,
  method TEXT NOT NULL,
  dose_value REAL,
  dose_unit TEXT NOT NULL,
  rate_unit TEXT NOT NULL,
  UNIQUE (study_number, seq)
) STRICT;

CREATE TABLE partners (
  partner_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE clients (
  client_id TEXT PRIMARY KEY,
  partner_id TEXT NOT NULL REFERENCES partners(partner_id),
  secret_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  disabled_at TEXT
) STRICT;

CREATE TABLE grants (
  partner_id TEXT NOT NULL REFERENCES partners(partner_id),
  study_number TEXT NOT NULL,
  granted_at TEXT NOT NULL,
  PRIMARY KEY (partner_id, study_number)
) STRICT;

CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients(client_id),
  partner_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX tokens_by_expiry ON tokens (expires_at);

CREATE TABLE dataset_info (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
`,
  },
  {
    version: 2,
    name: "data cuts",
    // What each data cut changed, row by row (docs/partner-service.md, Data cuts): the record of `npm run data --
    // advance` that tests and docs read, and the rows of a later cut while the database is held at an earlier one.
    sql: `
CREATE TABLE data_cut_changes (
  cut INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  study_number TEXT NOT NULL,
  table_name TEXT NOT NULL,
  row_key TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('added', 'changed', 'removed')),
  event TEXT NOT NULL,
  row_order INTEGER,
  before TEXT,
  after TEXT,
  PRIMARY KEY (cut, seq)
) STRICT;
CREATE INDEX data_cut_changes_by_table ON data_cut_changes (table_name, row_order);

-- A cut reads subject by subject: their visits, doses, events and assessments.
CREATE INDEX lab_results_by_subject ON lab_results (subject_id, visit);
CREATE INDEX vital_signs_by_subject ON vital_signs (subject_id, visit);
CREATE INDEX medications_by_subject ON medications (subject_id);
CREATE INDEX adverse_events_by_subject ON adverse_events (subject_id);
CREATE INDEX assessments_by_subject ON assessments (subject_id);
`,
  },
];
