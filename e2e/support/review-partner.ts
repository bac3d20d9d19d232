/**
 * The review specs' own partner service (playwright.config.ts, REVIEW_PARTNER_URL): its data moved to their next
 * cut as its operator would, the partner database's own record of what a cut changed, and a change made by hand as
 * a data manager's correction would be.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import Database from "better-sqlite3";
import { REVIEW_PARTNER_DB } from "../../playwright.config";
import { ROOT } from "./server";

const STUDY = "ONC-101";

/** Moves the review partner's data to their next cut, as its operator would; the cut's number. */
export function advanceData(): number {
  const out = execFileSync("npx", ["tsx", "scripts/data.ts", "advance", "--db", REVIEW_PARTNER_DB], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return Number(/is now at data cut (\d+)/.exec(out)?.[1]);
}

/** The keys of the study's adverse events the cut added, changed or removed, by the partner database's record. */
export function cutKeys(cut: number, kind: "added" | "changed" | "removed"): string[] {
  const db = new Database(join(ROOT, REVIEW_PARTNER_DB), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        "SELECT row_key FROM data_cut_changes WHERE cut = ? AND study_number = ? AND table_name = 'adverse_events' " +
          "AND kind = ?",
      )
      .all(cut, STUDY, kind) as { row_key: string }[];
    return rows.map((r) => r.row_key).sort();
  } finally {
    db.close();
  }
}

/** The cut's adverse events raised from grade 2 to 3: new events of grade 3 or more (docs/review.md, signals). */
export function raisedToGrade3(cut: number): string[] {
  const db = new Database(join(ROOT, REVIEW_PARTNER_DB), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        "SELECT before, after FROM data_cut_changes WHERE cut = ? AND study_number = ? AND table_name = " +
          "'adverse_events' AND kind = 'changed'",
      )
      .all(cut, STUDY) as { before: string; after: string }[];
    return rows
      .map((r) => [JSON.parse(r.before), JSON.parse(r.after)])
      .filter(([before, after]) => before.grade === 2 && after.grade === 3)
      .map(([before]) => String(before.ae_key))
      .sort();
  } finally {
    db.close();
  }
}

/**
 * Takes the grade of the study's adverse event of the last key away (one far down the listings the other review specs
 * read) and returns its key: the data check "Adverse event without a grade" finds it.
 */
export function removeGrade(): string {
  const db = new Database(join(ROOT, REVIEW_PARTNER_DB), { fileMustExist: true });
  try {
    const { ae_key: key } = db
      .prepare(
        "SELECT ae_key FROM adverse_events WHERE study_number = ? AND grade IS NOT NULL ORDER BY ae_key DESC LIMIT 1",
      )
      .get(STUDY) as { ae_key: string };
    db.prepare("UPDATE adverse_events SET grade = NULL WHERE ae_key = ?").run(key);
    return key;
  } finally {
    db.close();
  }
}
