/**
 * Exports name the study snapshot their rows are (docs/snapshots.md, Exports): the latest data's, once kept, and a
 * past snapshot's on its page; the export pack of a past snapshot is made of that snapshot's rows. The expected
 * fingerprint is worked out here from the store's rows by the rule the docs state: SHA-256 of the JSON of the
 * [record type, snapshot fingerprint] pairs in effect, in record-type order.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cutKitEach } from "@/lib/snapshots/testing";
import { credsOf, northstar } from "@/partner-service/testing";
import { exported, testUserStudy } from "@/sections/export-testing";
import { EXPORT_SOURCES } from "@/sections/exports";

const NORTH = credsOf(northstar);
const STUDY = "ONC-101";

const cut = cutKitEach(NORTH, STUDY);

const userStudy = () => testUserStudy(cut.kit.cache, NORTH, STUDY, cut.kit.snapshots);

/** The snapshots kept so far, from the store's own table: per record type the latest up to `upTo` (an id). */
async function expectedFingerprint(upTo = Number.MAX_SAFE_INTEGER) {
  const rows = await cut.store.db
    .selectFrom("study_snapshots")
    .select(["id", "record_type", "fingerprint"])
    .where("id", "<=", upTo)
    .orderBy("id")
    .execute();
  const latest = new Map(rows.map((r) => [r.record_type, r.fingerprint]));
  const pairs = [...latest].sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash("sha256").update(JSON.stringify(pairs)).digest("hex");
}

const takenWords = (at: string) => {
  const d = new Date(at);
  const month = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ")[d.getUTCMonth()];
  const hm = d.toISOString().slice(11, 16);
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${hm} UTC`;
};

describe("the study snapshot exported data are", () => {
  it("is named on a table's About lines: the latest data's, and a past snapshot's on its page", async () => {
    await cut.kit.takeCut();
    const [first] = await cut.store.db
      .selectFrom("study_snapshots")
      .select(["id", "taken_at"])
      .orderBy("id", "desc")
      .execute();
    const latestOfFirst = (await exported(userStudy(), "adverse-events", "listing")).table.snapshot;
    const fp1 = await expectedFingerprint();
    expect(latestOfFirst).toBe(`Latest data: study snapshot of ${takenWords(first.taken_at)}, fingerprint ${fp1}`);

    await cut.kit.nextCut();
    const [last] = await cut.store.db
      .selectFrom("study_snapshots")
      .select(["taken_at"])
      .orderBy("id", "desc")
      .execute();
    const fp2 = await expectedFingerprint();
    expect(fp2).not.toBe(fp1);
    const latest = await exported(userStudy(), "adverse-events", "listing");
    expect(latest.table.snapshot).toBe(
      `Latest data: study snapshot of ${takenWords(last.taken_at)}, fingerprint ${fp2}`,
    );
    const past = await exported(userStudy(), "adverse-events", "listing", `snapshot=${first.id}`);
    expect(past.table.snapshot).toBe(`Past snapshot of ${takenWords(first.taken_at)} (read-only), fingerprint ${fp1}`);
    expect(past.rows.length).toBeLessThan(latest.rows.length);
  });

  it("makes a past snapshot's export pack of that snapshot's rows, its manifest's snapshot saying which", async () => {
    await cut.kit.takeCut();
    const [first] = await cut.store.db.selectFrom("study_snapshots").select(["id"]).orderBy("id", "desc").execute();
    const events = async (upTo: number) =>
      (
        await cut.store.db
          .selectFrom("study_snapshots")
          .select("records")
          .where("record_type", "=", "AdverseEvent")
          .where("id", "<=", upTo)
          .orderBy("id", "desc")
          .executeTakeFirstOrThrow()
      ).records;
    const fp1 = await expectedFingerprint();
    await cut.kit.nextCut();
    const aeRows = (data: Awaited<ReturnType<typeof EXPORT_SOURCES.pack>>) =>
      data.datasets.find((d) => d.name === "AE")?.count;
    const past = await EXPORT_SOURCES.pack(userStudy(), first.id);
    expect(past.snapshot).toMatchObject({ kind: "past", fingerprint: fp1 });
    expect(aeRows(past)).toBe(await events(first.id));
    const latest = await EXPORT_SOURCES.pack(userStudy());
    expect(latest.snapshot).toMatchObject({ kind: "latest", fingerprint: await expectedFingerprint() });
    expect(aeRows(latest)).toBe(await events(Number.MAX_SAFE_INTEGER));
    expect(aeRows(latest)).not.toBe(aeRows(past));
  });
});
