/**
 * The studies list's rows: a connection's health and a study's access in one word from the newest of the user's
 * own entries, and the counts of what the cache holds (expected values worked out from the entries and rows given).
 */
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "@/lib/audit/connection-history";
import type { HeldRecordType } from "@/lib/study-cache/study-cache";
import { connectionHealth, failureWords, heldSummary, studyAccess, studyRow } from "./studies-home";

let nextId = 0;
const entry = (action: HistoryEntry["action"], study: string | null, details: Record<string, unknown>) => {
  nextId++;
  return {
    id: nextId,
    time: `2026-11-01T10:${String(nextId).padStart(2, "0")}:00.000Z`,
    action,
    connectionId: "c",
    study,
    details,
  };
};
const load = (study: string) => entry("study.load", study, { kind: "Patient", records: 3, received: 3, refused: 0 });
const refused = (study: string) => entry("access.refused", study, { reason: "study_forbidden", via: "study_page" });
const test = (details: Record<string, unknown>) => entry("connection.test", null, details);
const update = (fields: string[]) => entry("connection.update", null, { name: "N", fields });

const patient = (subjectId: string, subjectStudyNumber: string) => ({
  subjectId,
  subjectStudyNumber,
  sex: null,
  birthYear: null,
  race: null,
  ethnicity: null,
  sponsorStudyNumber: null,
});
const held = (recordType: string, rows: unknown[], loadedAt = 1_000): HeldRecordType => ({
  recordType,
  value: { rows, received: rows.length, rejected: { count: 0, examples: [] } as never },
  loadedAt,
});

describe("connectionHealth", () => {
  it("says Not tried when the user has no entry of the connection", () => {
    expect(connectionHealth([])).toEqual({ word: "Not tried", reason: null, basis: null });
  });

  it("takes the newest entry: a failed test after a load is the test's failure, in a word", () => {
    const l = load("ONC-101");
    const t = test({ outcome: "not_connected", failure: "unreachable", studies: [] });
    expect(connectionHealth([t, l])).toEqual({
      word: "Unreachable",
      reason: "unreachable",
      basis: { what: "test", at: t.time },
    });
    const auth = test({ outcome: "not_connected", failure: "authentication", studies: [] });
    expect(connectionHealth([l, auth]).word).toBe("Refused");
    expect(connectionHealth([l, auth]).reason).toBe("secret refused");
    const busy = test({ outcome: "not_connected", failure: "unavailable", studies: [] });
    expect(connectionHealth([busy]).word).toBe("Failing");
    expect(connectionHealth([test({ outcome: "unusable", failure: "secret-unreadable", studies: [] })]).word).toBe(
      "Unusable",
    );
  });

  it("is Working after a load, a partner's refusal of a study (the partner answered) or a passed test", () => {
    const t = test({ outcome: "not_connected", failure: "unreachable", studies: [] });
    expect(connectionHealth([t, load("ONC-101")]).word).toBe("Working");
    expect(connectionHealth([t, refused("ONC-101")]).word).toBe("Working");
    expect(connectionHealth([t, test({ outcome: "connected", failure: null, studies: [] })]).word).toBe("Working");
  });

  it("forgets what it knew once the credentials change, but not for a change of name or studies", () => {
    const l = load("ONC-101");
    expect(connectionHealth([l, update(["clientSecret"])])).toMatchObject({ word: "Not tried", reason: "changed" });
    expect(connectionHealth([l, update(["name", "studies"])]).word).toBe("Working");
  });
});

describe("studyAccess", () => {
  it("says Refused, not granted, when the partner refused the study the last time", () => {
    const before = load("ONC-101");
    const r = refused("ONC-101");
    expect(studyAccess([before, r], "ONC-101")).toEqual({
      word: "Refused",
      reason: "not granted",
      basis: { what: "answer", at: r.time },
    });
    // Another study's refusal says nothing of this one.
    expect(studyAccess([before, refused("CARD-201")], "ONC-101").word).toBe("Granted");
  });

  it("reads the study's own line of a test, and a later load wins over a refusal", () => {
    const t = test({
      outcome: "connected",
      failure: null,
      studies: [
        { study: "ONC-101", status: "forbidden", failure: "forbidden" },
        { study: "CARD-201", status: "error", failure: "not-found" },
      ],
    });
    expect(studyAccess([t], "ONC-101")).toMatchObject({ word: "Refused", reason: "not granted" });
    expect(studyAccess([t], "CARD-201")).toMatchObject({ word: "Failing", reason: "not found" });
    expect(studyAccess([t], "ONC-102")).toEqual({ word: "Not tried", reason: null, basis: null });
    expect(studyAccess([t, load("ONC-101")], "ONC-101").word).toBe("Granted");
  });
});

describe("heldSummary", () => {
  it("is null, not loaded yet, when the cache holds nothing of the study", () => {
    expect(heldSummary([])).toBeNull();
    expect(studyRow("ONC-101", [], []).held).toBeNull();
  });

  it("counts the subject list's subjects and each record type's records, as of the newest load", () => {
    // Members S-1..S-3; patients S-1, S-2 and S-4 (not a member): rows S-1, S-2, S-3 (no patient), S-4 = 4 subjects.
    const summary = heldSummary([
      held("Group", [{ members: ["S-1", "S-2", "S-3"], unreadable: 0 }], 1_000),
      held("Patient", [patient("P1", "S-1"), patient("P2", "S-2"), patient("P4", "S-4")], 3_000),
      held("AdverseEvent", [{ subjectId: "P1" }, { subjectId: "P1" }, { subjectId: "P2" }], 2_000),
      held("DiagnosticReport", [], 2_000),
      held("laboratory", new Array(7).fill({}), 2_500),
    ]);
    expect(summary).toEqual({
      loadedAt: 3_000,
      counts: [
        { kind: "subjects", label: "subjects", n: 4 },
        { kind: "AdverseEvent", label: "adverse events", n: 3 },
        { kind: "laboratory", label: "laboratory results", n: 7 },
        { kind: "DiagnosticReport", label: "response assessments", n: 0 },
      ],
    });
  });

  it("leaves the subjects out while part of the subject list is not held", () => {
    const summary = heldSummary([held("Patient", [patient("P1", "S-1")]), held("vital-signs", [{}, {}])]);
    expect(summary?.counts).toEqual([{ kind: "vital-signs", label: "vital-sign measurements", n: 2 }]);
  });
});

describe("failureWords", () => {
  it("says a failure kind in a word or two", () => {
    expect(failureWords("rate-limited")).toBe("too many requests");
    expect(failureWords("foreign-link")).toBe("foreign link");
    expect(failureWords(null)).toBe("error");
  });
});
