/**
 * A past study snapshot reopened shows what the study showed when it was the latest: every section's view for its
 * default query, hashed (as JSON, Maps and Sets as their entries in order), the same at the first data cut and
 * when that cut's snapshot is reopened after the next; the latest differs. A snapshot the study does not have, or
 * a record type it never loaded, fails with words; another identity's study reads none of it.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cutKitEach } from "@/lib/snapshots/testing";
import type { UserStudy } from "@/lib/study/open-user-study";
import { SnapshotGoneError, studyHistory } from "@/lib/study/study-history";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import type { CompletedLoad } from "@/lib/study-cache/study-cache-types";
import { TtlLruCache } from "@/lib/study-cache/ttl-lru";
import { credsOf, lakeside, northstar } from "@/partner-service/testing";
import { ADVERSE_EVENTS } from "@/sections/adverse-events/section";
import { DATA_CHECKS } from "@/sections/data-checks/section";
import { testUserStudy } from "@/sections/export-testing";
import { LABORATORY } from "@/sections/laboratory/section";
import { MEDICATIONS } from "@/sections/medications/section";
import { SUBJECTS } from "@/sections/subjects/section";
import { TUMOUR_RESPONSE } from "@/sections/tumour-response/section";
import { VITAL_SIGNS } from "@/sections/vital-signs/section";
import { NotInSnapshotError, pastStudy } from "./past-study";

const NORTH = credsOf(northstar);
const STUDY = "ONC-101";
const SECTIONS = [SUBJECTS, ADVERSE_EVENTS, LABORATORY, VITAL_SIGNS, MEDICATIONS, TUMOUR_RESPONSE, DATA_CHECKS];

const cut = cutKitEach(NORTH, STUDY);

const userStudy = () => testUserStudy(cut.kit.cache, NORTH, STUDY, cut.kit.snapshots);

/** Each section's view for its default query, as a hash. */
async function viewHashes(study: UserStudy): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const section of SECTIONS) {
    // biome-ignore lint/suspicious/noExplicitAny: each section's own query type, parsed by its own parser.
    const s = section as any;
    const view = await s.load(study, s.parseQuery(new URLSearchParams(), {}));
    const json = JSON.stringify(view, (_key, v) => (v instanceof Map || v instanceof Set ? [...v] : v));
    out[section.slug || "subjects"] = createHash("sha256").update(json).digest("hex");
  }
  return out;
}

const loadAll = () => cut.kit.takeCut();

describe("a past study snapshot reopened", () => {
  it("shows every section's view as it was when it was the latest", async () => {
    await loadAll();
    const first = await viewHashes(userStudy());
    const [cut1] = await userStudy().history.snapshots();
    await cut.kit.nextCut();
    const latest = await viewHashes(userStudy());
    expect(await viewHashes(pastStudy(userStudy(), cut1.id))).toEqual(first);
    // The next cut changed what each section shows, so the equality above says something.
    for (const slug of Object.keys(first)) expect(latest[slug], slug).not.toBe(first[slug]);
  });

  it("fails with words for a snapshot the study does not have and a record type it never loaded", async () => {
    await cut.kit.cache.rows(NORTH, STUDY, "Patient");
    await cut.kit.cache.snapshotsKept();
    const [only] = await userStudy().history.snapshots();
    await expect(pastStudy(userStudy(), 999_999).rows("Patient")).rejects.toBeInstanceOf(SnapshotGoneError);
    await expect(pastStudy(userStudy(), only.id).rows("laboratory")).rejects.toBeInstanceOf(NotInSnapshotError);
    expect((await pastStudy(userStudy(), only.id).rows("Patient")).value.rows.length).toBe(16);
  });

  it("tells the audit of each past snapshot read from the store, with its fingerprint, once while kept", async () => {
    await loadAll();
    const [cut1] = await userStudy().history.snapshots();
    const told: CompletedLoad[] = [];
    const past = new TtlLruCache<CachedRows<unknown>>({ ttlMs: 60_000, maxBytes: 2 ** 26, now: () => cut.t.clock.now });
    const proof = () => cut.kit.cache.rows(NORTH, STUDY, "Patient");
    const history = studyHistory(cut.kit.snapshots, NORTH, STUDY, proof, {
      past,
      onRead: async (load) => {
        told.push(load);
      },
    });
    const study = { ...userStudy(), history };
    await pastStudy(study, cut1.id).rows("AdverseEvent");
    await pastStudy(study, cut1.id).rows("AdverseEvent");
    const kept = cut1.inEffect.get("AdverseEvent");
    expect(told).toEqual([
      {
        recordType: "AdverseEvent",
        records: kept?.records,
        received: kept?.records,
        refused: 0,
        from: "snapshot",
        snapshot: kept?.fingerprint,
      },
    ]);
  });

  it("is never read through another identity", async () => {
    await loadAll();
    const [cut1] = await userStudy().history.snapshots();
    const other = testUserStudy(cut.kit.cache, credsOf(lakeside), "ONC-102", cut.kit.snapshots);
    const id = cut1.inEffect.get("Patient")?.id ?? 0;
    await expect(other.history.read("Patient", id)).rejects.toBeInstanceOf(SnapshotGoneError);
    await expect(pastStudy(other, cut1.id).rows("Patient")).rejects.toBeInstanceOf(SnapshotGoneError);
  });
});
