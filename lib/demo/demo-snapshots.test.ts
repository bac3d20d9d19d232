import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changesBetween } from "@/lib/snapshots/changes";
import type { Store } from "@/lib/store/store";
import { testStore } from "@/lib/store/testing";
import { cacheCredentials, snapshotIdentity } from "@/lib/study-cache/cache-keys";
import { changesOfCut, currentCut } from "@/partner-service/data/cuts/data-cuts";
import { seedDemoPartners } from "@/partner-service/data/demo-partners";
import { demoStudies } from "@/partner-service/data/generator/generate-dataset";
import { createDatabase, openDatabase } from "@/partner-service/data/open";
import { credsOf, northstar, TEST_BASE, testConfig } from "@/partner-service/testing";
import { seedDemoSnapshots } from "./demo-snapshots";

const NOW = Date.UTC(2026, 10, 30, 9, 0);
const WEEK = 7 * 86_400_000;
let dir: string;
let dbPath: string;
let store: Store;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "demo-snapshots-test-"));
  dbPath = join(dir, "partner.db");
  await createDatabase(dbPath, {
    seed: 5,
    studies: demoStudies({ subjects: 8, visits: 4 }),
    cuts: { latest: 3 },
    register: seedDemoPartners,
  });
  store = await testStore("sqlite");
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const seed = () =>
  seedDemoSnapshots({
    store,
    partnerDbPath: dbPath,
    creds: credsOf(northstar),
    config: testConfig(),
    studies: ["ONC-101", "CARD-201", "ONC-102"],
    now: NOW,
  });

describe("the demo's snapshots of its data cuts", () => {
  it("holds each granted study's record types at cuts 1, 2 and 3, a week apart, the current cut last", async () => {
    expect(await seed()).toBe(3);
    const rows = await store.db
      .selectFrom("study_snapshots")
      .select(["study", "record_type", "taken_at"])
      .orderBy("id")
      .execute();
    // Northstar holds ONC-101 and CARD-201, not ONC-102; 8 record types each.
    expect(rows).toHaveLength(3 * 2 * 8);
    expect(new Set(rows.map((r) => r.study))).toEqual(new Set(["ONC-101", "CARD-201"]));
    expect([rows[0], rows[16], rows[32]].map((r) => Date.parse(r.taken_at))).toEqual([NOW - 2 * WEEK, NOW - WEEK, NOW]);
  });

  it("lists the current cut's new laboratory results as what changed since the week before", async () => {
    await seed();
    const ids = await store.db
      .selectFrom("study_snapshots")
      .select("id")
      .where("study", "=", "ONC-101")
      .where("record_type", "=", "laboratory")
      .orderBy("id")
      .execute();
    const identity = snapshotIdentity(cacheCredentials({ ...credsOf(northstar), baseUrl: TEST_BASE }));
    const changes = await changesBetween(store, identity, "laboratory", ids[1].id, ids[2].id);
    const db = openDatabase(dbPath);
    const expected = changesOfCut(db, 3)
      .filter((c) => c.study === "ONC-101" && c.table === "lab_results")
      .map((c) => `${c.kind} ${c.key}`);
    expect(currentCut(db)).toBe(3);
    db.close();
    expect(expected.length).toBeGreaterThan(0);
    expect(changes.map((c) => `${c.kind} ${c.key}`).sort()).toEqual(expected.sort());
  });

  it("seeds nothing where the demo connection has a snapshot already", async () => {
    await seed();
    expect(await seed()).toBe(0);
    expect(await store.db.selectFrom("study_snapshots").select("id").execute()).toHaveLength(48);
  });
});
