/**
 * The records `npm run bench:load`'s reviewers mark and comment on: keys of adverse events and laboratory results
 * the partner serves, read once from the benchmark's partner database before the servers start. The portal refuses
 * a mark or a comment that names a record it does not serve (409), so the keys are the ones the partner API names
 * the records by and the portal's rows carry (lib/snapshots/changes.ts, RECORD_KEYS): an AdverseEvent's identifier
 * is `adverse_events.ae_key` (partner-service/resources/adverse-event.ts), a laboratory Observation's id
 * `lab_results.id`. The service serves a study's rows by their sequence numbers 1 to the highest, so a key read by a
 * random sequence number is one it serves.
 */
import Database from "better-sqlite3";

export interface ReviewRecords {
  adverseEvents: readonly string[];
  labResults: readonly string[];
}

/**
 * Keys drawn of each record type. A sample, not every key: a million laboratory IDs would weigh some 100 MB in the
 * benchmark's process, and a bounded set of adverse events bounds the comment threads a run opens (a study holds at
 * most 20,000 an organisation, docs/review.md) however long it runs.
 */
export const SAMPLED_KEYS = 2000;

const TABLES = {
  adverseEvents: { table: "adverse_events", key: "ae_key" },
  labResults: { table: "lab_results", key: "id" },
} as const;

export function reviewRecords(dbPath: string, study: string, count = SAMPLED_KEYS): ReviewRecords {
  const db = new Database(dbPath, { readonly: true });
  try {
    const sample = ({ table, key }: { table: string; key: string }): string[] => {
      const { n } = db.prepare(`SELECT max(seq) AS n FROM ${table} WHERE study_number = ?`).get(study) as {
        n: number | null;
      };
      if (!n) throw new Error(`the partner database holds no ${table} of study ${study}`);
      const byNumber = db.prepare(`SELECT ${key} AS k FROM ${table} WHERE study_number = ? AND seq = ?`).pluck();
      const keys = new Set<string>();
      // Draws until `count` distinct keys, or as many as the study has.
      for (let tries = 0; keys.size < Math.min(count, n) && tries < 10 * count; tries++) {
        const k = byNumber.get(study, 1 + Math.floor(Math.random() * n)) as string | undefined;
        if (k) keys.add(k);
      }
      return [...keys];
    };
    return { adverseEvents: sample(TABLES.adverseEvents), labResults: sample(TABLES.labResults) };
  } finally {
    db.close();
  }
}
