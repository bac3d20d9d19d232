/**
 * Changes between two snapshots against the truth: the partner API read page by page at both data cuts (the test's
 * own reading, keyed as the API names each record), and the data-cut record of what the cut did.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/store";
import { testStore } from "@/lib/store/testing";
import { cacheCredentials, snapshotIdentity } from "@/lib/study-cache/cache-keys";
import { advance, changesOfCut } from "@/partner-service/data/cuts/data-cuts";
import { createTestService, credsOf, getData, getToken, northstar, type TestService } from "@/partner-service/testing";
import { CHANGED_RECORD_TYPES, type ChangedRecordType, changesBetween } from "./changes";
import { snapshotCache } from "./testing";

const NORTH = credsOf(northstar);
const STUDY = "ONC-101";

const PATHS: Record<ChangedRecordType, string> = {
  Patient: "Patient?",
  AdverseEvent: "AdverseEvent?",
  DiagnosticReport: "DiagnosticReport?",
  imaging: "observation?category=imaging&",
  laboratory: "observation?category=laboratory&",
  "vital-signs": "observation?category=vital-signs&",
  MedicationStatement: "MedicationStatement?",
};

type Resource = { id?: string; identifier?: { value: string }[] | { value: string } };

/** The key the API gives each record: the identifier where the record has one, otherwise its id. */
function apiKey(type: ChangedRecordType, r: Resource): string {
  const identifier = Array.isArray(r.identifier) ? r.identifier[0] : r.identifier;
  return type === "AdverseEvent" || type === "DiagnosticReport" || type === "imaging"
    ? String(identifier?.value)
    : String(r.id);
}

let t: TestService;
let store: Store;

/** Every record of a record type as the API serves it, by key. */
async function served(type: ChangedRecordType): Promise<Map<string, string>> {
  const token = await getToken(t);
  const out = new Map<string, string>();
  for (let page = 1; ; page++) {
    const res = await getData(t, `${PATHS[type]}researchstudy=${STUDY}&_count=1000&page=${page}`, northstar, token);
    const bundle = (await res.json()) as { entry?: { resource: Resource }[] };
    if (!bundle.entry?.length) return out;
    for (const { resource } of bundle.entry) out.set(apiKey(type, resource), JSON.stringify(resource));
  }
}

function difference(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [key, json] of after)
    if (!before.has(key)) out.push(`added ${key}`);
    else if (before.get(key) !== json) out.push(`changed ${key}`);
  for (const key of before.keys()) if (!after.has(key)) out.push(`removed ${key}`);
  return out.sort();
}

async function latestIds(): Promise<Map<string, number>> {
  const rows = await store.db.selectFrom("study_snapshots").select(["id", "record_type"]).orderBy("id").execute();
  return new Map(rows.map((r) => [r.record_type, r.id]));
}

describe("Changes between the snapshots of two data cuts", () => {
  beforeEach(async () => {
    t = await createTestService({ data: { subjects: 16, visits: 6 } });
    store = await testStore("sqlite");
  });
  afterEach(async () => {
    t.db.close();
    await store.close();
  });

  it("lists exactly the records the partner API serves differently, and every row the cut record names", async () => {
    const { cache } = snapshotCache(t, store, 200);
    const before = new Map<ChangedRecordType, Map<string, string>>();
    for (const type of CHANGED_RECORD_TYPES) {
      await cache.rows(NORTH, STUDY, type);
      before.set(type, await served(type));
    }
    await cache.snapshotsKept();
    const older = await latestIds();
    const cut = advance(t.db);
    t.clock.now += 60_000;
    await cache.refresh(NORTH, STUDY);
    t.clock.now += 1;
    for (const type of CHANGED_RECORD_TYPES) await cache.rows(NORTH, STUDY, type);
    await cache.snapshotsKept();
    const newer = await latestIds();
    const identity = snapshotIdentity(cacheCredentials(NORTH));
    const listed = new Map<ChangedRecordType, string[]>();
    for (const type of CHANGED_RECORD_TYPES) {
      const changes = await changesBetween(store, identity, type, older.get(type) ?? 0, newer.get(type) ?? 0);
      listed.set(type, changes.map((c) => `${c.kind} ${c.key}`).sort());
      expect(listed.get(type), type).toEqual(difference(before.get(type) ?? new Map(), await served(type)));
    }

    // The cut's own record, row by row, is in the list.
    const record = changesOfCut(t.db, cut).filter((c) => c.study === STUDY);
    const expectIn = (type: ChangedRecordType, entry: string) => expect(listed.get(type)).toContain(entry);
    for (const c of record) {
      if (c.table === "lab_results") expectIn("laboratory", `${c.kind} ${c.key}`);
      if (c.table === "vital_signs") expectIn("vital-signs", `${c.kind} ${c.key}`);
      if (c.table === "adverse_events") expectIn("AdverseEvent", `${c.kind} ${c.key}`);
      if (c.table === "medications") expectIn("MedicationStatement", `${c.kind} ${c.key}`);
    }
    const revised = record.find((c) => c.event === "assessment revision signed" && c.table === "assessments");
    expectIn("DiagnosticReport", `changed ${String(revised?.after?.assessment_id)}`);
    const scans = record.filter((c) => c.event === "new assessment" && c.table === "assessments");
    for (const s of scans) expectIn("DiagnosticReport", `added ${String(s.after?.assessment_id)}`);
    expect(listed.get("Patient")).toEqual([]);
  });
});
