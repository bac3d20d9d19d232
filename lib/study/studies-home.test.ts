/**
 * The studies list's rows: the counts of what the cache holds of a study (expected values worked out from the rows
 * given).
 */
import { describe, expect, it } from "vitest";
import type { HeldRecordType } from "@/lib/study-cache/study-cache";
import { heldSummary, studyRow } from "./studies-home";

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
