/**
 * The assessments a cut adds, checked against RECIST 1.1 as worked out here from the stored rows alone: this test
 * reuses none of the generator's metrics or rules, so that the generator is not checking itself.
 */
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate } from "@/lib/sqlite/migrate";
import { demoStudies, generateDataset } from "../generator/generate-dataset";
import { serviceMigrations } from "../service-migrations";
import { advance, type CutChange, changesOfCut, takeEarlierCuts } from "./data-cuts";

interface Assessment {
  row_id: number;
  assessment_id: string;
  subject_id: string;
  timepoint: number;
  current_value: number | null;
  change_baseline: number | null;
  change_previous: number | null;
  change_nadir: number | null;
  conclusion: string;
  vis_seq: number | null;
}

interface Lesion {
  label: string;
  category: string;
  state: string;
  value: number | null;
  change_baseline: number | null;
  change_previous: number | null;
  change_nadir: number | null;
}

/** A reported value and the one worked out here agree to 0.1 mm, or are both absent. */
function agrees(reported: number | null, expected: number | null): boolean {
  if (reported === null || expected === null) return reported === expected;
  return Math.abs(reported - expected) <= 0.1 + 1e-9;
}

/** `value - ref`, or null when either is missing. */
const minus = (value: number | null, ref: number | null) => (value === null || ref === null ? null : value - ref);

/** Smallest and latest of the values that exist, or null. */
function nadirAndLatest(values: (number | null)[]): { nadir: number | null; latest: number | null } {
  const known = values.filter((v): v is number => v !== null);
  return { nadir: known.length ? Math.min(...known) : null, latest: known.at(-1) ?? null };
}

/**
 * The sum of diameters of an assessment's target lesions by RECIST 1.1: a lesion gone counts 0 mm, one too small to
 * measure 5 mm; a target not assessed leaves no sum, and so does having no target at all.
 */
function sumOfTargets(lesions: Lesion[]): number | null {
  const targets = lesions.filter((l) => l.category === "Target");
  if (targets.length === 0) return null;
  let sum = 0;
  for (const t of targets) {
    if (t.state === "Not assessed" || t.state === "Not evaluable") return null;
    const part = t.state === "Disappeared" ? 0 : t.state === "Too small" ? 5 : t.value;
    if (part === null) return null;
    sum += part;
  }
  return sum;
}

function generated(): Database.Database {
  const db = new Database(":memory:");
  migrate(db, serviceMigrations);
  // The demo's size: its tumour studies are large enough to hold every kind of deliberate imperfection.
  generateDataset(db, { seed: 11, studies: demoStudies({ subjects: 40, visits: 8 }) });
  takeEarlierCuts(db, 3);
  return db;
}

const lesionsOf = (db: Database.Database, row: number) =>
  db.prepare("SELECT * FROM lesions WHERE assessment_row = ? ORDER BY row_id").all(row) as Lesion[];

/** The subject's served assessments before timepoint `before`, baseline first. */
const servedBefore = (db: Database.Database, subject: string, before: number) =>
  db
    .prepare(
      "SELECT * FROM assessments WHERE subject_id = ? AND vis_seq IS NOT NULL AND timepoint < ? ORDER BY timepoint",
    )
    .all(subject, before) as Assessment[];

function imperfectKeys(db: Database.Database): Set<string> {
  const { value } = db.prepare("SELECT value FROM dataset_info WHERE key = 'imperfections'").get() as { value: string };
  return new Set((JSON.parse(value) as { records: { key: string }[] }[]).flatMap((s) => s.records.map((r) => r.key)));
}

/** What is wrong with one added assessment, as lines (none when it follows the rules). */
function problems(db: Database.Database, change: CutChange, imperfect: Set<string>): string[] {
  const a = db.prepare("SELECT * FROM assessments WHERE row_id = ?").get(Number(change.key)) as Assessment;
  const id = `${change.event} ${a.assessment_id} (${a.subject_id}, timepoint ${a.timepoint})`;
  const out: string[] = [];
  const check = (what: string, reported: number | null, expected: number | null) => {
    if (!agrees(reported, expected)) out.push(`${id}: ${what} ${reported}, expected ${expected}`);
  };
  if (a.vis_seq === null) out.push(`${id}: not served`);
  const lesions = lesionsOf(db, a.row_id);
  const prior = servedBefore(db, a.subject_id, a.timepoint);
  const priorLesions = prior.map((p) => lesionsOf(db, p.row_id));
  const sum = sumOfTargets(lesions);
  const sums = priorLesions.map(sumOfTargets);
  const { nadir, latest } = nadirAndLatest(sums);
  check("reported sum", a.current_value, sum);
  check("change from baseline", a.change_baseline, minus(sum, sums[0] ?? null));
  check("change from previous", a.change_previous, minus(sum, latest));
  check("change from nadir", a.change_nadir, minus(sum, nadir));
  for (const l of lesions) {
    const earlier = priorLesions.map((ls) => ls.find((e) => e.label === l.label)?.value ?? null);
    const ref = nadirAndLatest(earlier);
    check(`lesion ${l.label} change from baseline`, l.change_baseline, minus(l.value, earlier[0] ?? null));
    check(`lesion ${l.label} change from previous`, l.change_previous, minus(l.value, ref.latest));
    check(`lesion ${l.label} change from nadir`, l.change_nadir, minus(l.value, ref.nadir));
  }
  if (change.event !== "new assessment") return out;
  // A new scan is read as unchanged: the same lesions, at the same sizes, as the subject's last served scan.
  const last = prior.at(-1);
  if (!last) return [...out, `${id}: no scan before it`];
  if (imperfect.has(last.assessment_id)) out.push(`${id}: follows the deliberate imperfection ${last.assessment_id}`);
  if (last.conclusion === "Progressive Disease") out.push(`${id}: a scan after progression`);
  const sizes = (ls: Lesion[]) => ls.map((l) => `${l.label} ${l.category} ${l.state} ${l.value}`).join("; ");
  if (sizes(lesions) !== sizes(priorLesions.at(-1) ?? [])) out.push(`${id}: lesions differ from the last scan's`);
  // With the same sizes the sum is the last scan's, the baseline stays, and the nadir stays or is the last scan's own
  // sum, which is no progression from itself: the last follow-up's response stands. After the baseline itself, a sum
  // equal to the baseline's is neither 30 % below nor 20 % above it, and baseline targets are too large for a complete
  // response; without targets the non-target lesions, present as at baseline, are neither gone nor progressing.
  const expected =
    last.timepoint > 0
      ? last.conclusion
      : sums[0] !== null
        ? "Stable Disease"
        : priorLesions[0].length
          ? "Non-CR/Non-PD"
          : "Not Evaluable";
  if (a.conclusion !== expected) out.push(`${id}: conclusion ${a.conclusion}, expected ${expected}`);
  return out;
}

describe("the assessments a data cut adds", () => {
  it("report the sums and changes of their own lesions against the subject's served scans, nadir included", () => {
    const db = generated();
    const imperfect = imperfectKeys(db);
    // Subjects whose last served scan is a deliberate imperfection: the scan a cut must not copy.
    const lastImperfect = (
      db.prepare("SELECT DISTINCT subject_id FROM assessments WHERE vis_seq IS NOT NULL").all() as {
        subject_id: string;
      }[]
    )
      .map((s) => s.subject_id)
      .filter((s) => imperfect.has(servedBefore(db, s, Number.MAX_SAFE_INTEGER).at(-1)?.assessment_id ?? ""));
    const changes: CutChange[] = [];
    const found: string[] = [];
    for (let k = 0; k < 3; k++) {
      const cut = advance(db);
      const made = changesOfCut(db, cut);
      changes.push(...made);
      // Checked at once: a later cut may sign a new revision of one, which then is no longer served.
      const added = made.filter((c) => c.table === "assessments" && c.kind === "added");
      found.push(...added.flatMap((c) => problems(db, c, imperfect)));
    }
    expect(changes.filter((c) => c.table === "assessments" && c.event === "new assessment").length).toBeGreaterThan(20);
    const visited = new Set(changes.filter((c) => c.event === "new visit").map((c) => String(c.after?.subject_id)));
    expect(lastImperfect.filter((s) => visited.has(s)).length).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });

  it("include scans after a new nadir, whose change from nadir is 0", () => {
    const db = generated();
    const cut = advance(db);
    const atNadir = changesOfCut(db, cut).filter((c) => {
      if (c.event !== "new assessment" || c.table !== "assessments" || c.after === null) return false;
      const prior = servedBefore(db, String(c.after.subject_id), Number(c.after.timepoint));
      const sums = prior.map((p) => sumOfTargets(lesionsOf(db, p.row_id)));
      const last = sums.at(-1);
      return prior.length > 1 && last != null && sums.slice(0, -1).every((s) => s === null || last < s);
    });
    expect(atNadir.length).toBeGreaterThan(0);
    for (const c of atNadir) expect(c.after?.change_nadir, String(c.after?.assessment_id)).toBe(0);
  });
});
