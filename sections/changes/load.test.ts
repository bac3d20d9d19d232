/**
 * The Changes section against the data-cut record: the in-process partner service moved to its next cut, the
 * study refreshed, and the two snapshots compared. What the cut did is the record's (data_cut_changes); how each
 * of its rows reaches the partner API is worked out here from docs/partner-service.md (Data cuts):
 *   a laboratory result, vital sign, adverse event or medication row is its record, added, changed or removed;
 *   a new assessment adds its report and its lesions; a newly signed revision replaces its report (same
 *   identifier: changed) and its lesions (same identifiers: changed where a column differs from the revision it
 *   supersedes, whose rows stay in the database unserved); no subject's demographics change.
 */
import { describe, expect, it } from "vitest";
import { cutKitEach } from "@/lib/snapshots/testing";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { type CutChange, changesOfCut } from "@/partner-service/data/cuts/data-cuts";
import { revoke } from "@/partner-service/data/partner-registry";
import { credsOf, lakeside, northstar } from "@/partner-service/testing";
import { exported, testUserStudy } from "@/sections/export-testing";
import { type ChangesView, loadChanges } from "./load";
import { parseChangesQuery } from "./query";

const NORTH = credsOf(northstar);
const STUDY = "ONC-101";

const cut = cutKitEach(NORTH, STUDY);

const loadAll = (creds: PartnerCredentials = NORTH) => cut.kit.takeCut(creds);

const view = (query = "", creds: PartnerCredentials = NORTH): Promise<ChangesView> =>
  loadChanges(
    testUserStudy(cut.kit.cache, creds, STUDY, cut.kit.snapshots),
    parseChangesQuery(new URLSearchParams(query)),
  );

/** The cut record's rows of the study, and how many of them are of `table` and `kind` (and `event`). */
function counter(record: CutChange[]) {
  return (table: string, kind: string, event?: string) =>
    record.filter((c) => c.table === table && c.kind === kind && (event === undefined || c.event === event)).length;
}

/** A lesion's columns the portal lists (its measurement, where and what it is): the rest is not compared. */
const LESION_SHOWN = ["organ", "category", "state", "is_node", "label", "value", "unit", "effective_at"];

/** The revision's lesions whose listed columns differ from the superseded revision's row of the same lesion. */
function revisedLesions(record: CutChange[]): number {
  const shown = (row: Record<string, unknown>) => JSON.stringify(LESION_SHOWN.map((c) => row[c]));
  const superseded = cut.t.db.prepare("SELECT * FROM lesions WHERE lesion_id = ? AND vis_seq IS NULL");
  return record
    .filter((c) => c.table === "lesions" && c.event === "assessment revision signed")
    .filter((c) => {
      const after = c.after as Record<string, unknown>;
      return shown(superseded.get(after.lesion_id) as Record<string, unknown>) !== shown(after);
    }).length;
}

/** A second cut: the partner moved on, a minute later the study refreshed and read again. */
async function nextCut(): Promise<CutChange[]> {
  const number = await cut.kit.nextCut();
  return changesOfCut(cut.t.db, number).filter((c) => c.study === STUDY);
}

describe("the Changes section", () => {
  it("with one snapshot compares nothing and says when it was taken", async () => {
    await loadAll();
    const v = await view();
    expect(v.snapshots).toHaveLength(1);
    expect(v.snapshots[0].takenAt).toBe(cut.t.clock.now);
    expect([v.older, v.newer, v.total, v.listing]).toEqual([null, null, 0, []]);
  });

  it("counts per record type exactly the records the data cut added, changed and removed", async () => {
    await loadAll();
    const taken = cut.t.clock.now;
    const record = await nextCut();
    const n = counter(record);
    const v = await view();
    expect([v.older?.takenAt, v.newer?.takenAt]).toEqual([taken, taken + 60_001]);
    const counts = Object.fromEntries(v.types.map((c) => [c.recordType, [c.added, c.changed, c.removed]]));
    const same = (table: string) => [n(table, "added"), n(table, "changed"), n(table, "removed")];
    expect(counts).toEqual({
      Patient: [0, 0, 0],
      AdverseEvent: same("adverse_events"),
      DiagnosticReport: [
        n("assessments", "added", "new assessment"),
        n("assessments", "added", "assessment revision signed"),
        0,
      ],
      imaging: [n("lesions", "added", "new assessment"), revisedLesions(record), 0],
      laboratory: same("lab_results"),
      "vital-signs": same("vital_signs"),
      MedicationStatement: same("medications"),
    });
    // Every kind of change is there to count.
    expect(n("vital_signs", "removed")).toBe(1);
    expect(n("adverse_events", "changed")).toBe(2);
    expect(v.total).toBe(
      Object.values(counts)
        .flat()
        .reduce((a, b) => a + b, 0),
    );
    expect(v.types.every((c) => c.uncompared === null)).toBe(true);
  });

  it("counts the records each subject's cut touched, and lists each changed record's fields", async () => {
    await loadAll();
    const record = await nextCut();
    const v = await view("type=AdverseEvent");
    const adverse = record.filter((c) => c.table === "adverse_events");
    const perSubject = new Map<string, number>();
    for (const c of adverse) {
      const subject = String((c.after ?? c.before)?.subject_id);
      perSubject.set(subject, (perSubject.get(subject) ?? 0) + 1);
    }
    expect(new Map(v.subjects.map((s) => [s.subjectId, s.added + s.changed + s.removed]))).toEqual(perSubject);
    expect(v.listing.map((c) => `${c.kind} ${c.key}`).sort()).toEqual(adverse.map((c) => `${c.kind} ${c.key}`).sort());
    // The grade corrected: the record's own before and after, as the API names the field.
    const corrected = adverse.find((c) => c.event === "adverse event grade corrected");
    const listed = v.listing.find((c) => c.key === corrected?.key);
    expect(listed?.fields).toEqual(["grade"]);
    expect([listed?.before?.grade, listed?.after?.grade]).toEqual([corrected?.before?.grade, corrected?.after?.grade]);
    expect(corrected?.before?.grade).not.toEqual(corrected?.after?.grade);
  });

  it("filters the listing by kind and subject, ignoring a subject without changes", async () => {
    await loadAll();
    const record = await nextCut();
    const removed = record.find((c) => c.kind === "removed");
    const subject = String(removed?.before?.subject_id);
    const v = await view(`kind=removed&subject=${subject}`);
    expect(v.listing.map((c) => c.key)).toEqual([removed?.key]);
    expect(v.filter).toEqual({ type: null, kind: "removed", subject });
    expect((await view("subject=999-9999")).filter.subject).toBeNull();
  });

  it("compares any two snapshots in time order, and says when the address named one the study lacks", async () => {
    await loadAll();
    await nextCut();
    const latest = await view();
    const [newer, older] = latest.snapshots;
    const reversed = await view(`from=${newer.id}&to=${older.id}`);
    expect([reversed.older?.id, reversed.newer?.id, reversed.total]).toEqual([older.id, newer.id, latest.total]);
    expect(reversed.unknownChoice).toBe(false);
    const unknown = await view(`from=999999&to=${newer.id}`);
    expect([unknown.older?.id, unknown.newer?.id, unknown.unknownChoice]).toEqual([older.id, newer.id, true]);
    // The same pair twice is compared once: the very records of the first comparison.
    const again = (await view()).listing[0];
    expect(again.after ?? again.before).toBe(latest.listing[0].after ?? latest.listing[0].before);
  });

  it("exports the listing, the counts per record type and per subject as the page shows them", async () => {
    await loadAll();
    const record = await nextCut();
    const access = testUserStudy(cut.kit.cache, NORTH, STUDY, cut.kit.snapshots);
    const listing = await exported(access, "changes", "listing", "type=AdverseEvent&kind=changed");
    expect(listing.headers).toEqual([
      "Review",
      "Record type",
      "Subject",
      "Record",
      "Change",
      "Fields changed",
      "Before",
      "After",
    ]);
    const changed = record.filter((c) => c.table === "adverse_events" && c.kind === "changed");
    expect(listing.rows.map((r) => r[3]).sort()).toEqual(changed.map((c) => c.key).sort());
    // Nobody marked anything: every changed event not reviewed.
    expect(new Set(listing.rows.map((r) => r[0]))).toEqual(new Set(["Not reviewed"]));
    const grade = listing.rows.find((r) => r[5] === "grade");
    const corrected = changed.find((c) => c.event === "adverse event grade corrected");
    expect([grade?.[6], grade?.[7]]).toEqual([
      `grade: ${corrected?.before?.grade}`,
      `grade: ${corrected?.after?.grade}`,
    ]);
    const types = await exported(access, "changes", "types");
    expect(types.rows.map((r) => r[0])).toEqual([
      "Demographics",
      "Adverse events",
      "Response assessments",
      "Lesion measurements",
      "Laboratory results",
      "Vital signs",
      "Medications",
    ]);
    expect(types.rows[1].slice(1, 4)).toEqual([1, 2, 0]);
    const subjects = await exported(access, "changes", "subjects", "type=AdverseEvent");
    expect(subjects.rows.length).toBe(
      new Set(record.filter((c) => c.table === "adverse_events").map((c) => c.after?.subject_id)).size,
    );
  });

  it("shows another identity none of these snapshots, and a revoked grant none at all", async () => {
    await loadAll();
    await nextCut();
    const [newer, older] = (await view()).snapshots;
    const lake = credsOf(lakeside);
    const other = testUserStudy(cut.kit.cache, lake, "ONC-102", cut.kit.snapshots);
    expect(await other.history.snapshots()).toEqual([]);
    const ownStudyOnly = testUserStudy(cut.kit.cache, lake, "ONC-102", cut.kit.snapshots);
    await expect(ownStudyOnly.history.changes("AdverseEvent", older.id, newer.id)).rejects.toThrow(/not both/);
    revoke(cut.t.db, northstar.partnerId, STUDY);
    cut.t.clock.now += 3_600_000;
    await expect(view()).rejects.toThrow();
  });
});
