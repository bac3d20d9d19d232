import { describe, expect, it } from "vitest";
import type { EdishPlot, EdishPoint } from "@/lib/clinical/liver/edish";
import { EDISH_DEFAULTS } from "@/lib/clinical/liver/edish";
import type { ChangeRow } from "@/sections/frame/study-changes";
import { hysLawSignals, recordSignals, signalOrder } from "./signals";

const ae = (
  key: string,
  kind: ChangeRow["kind"],
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): ChangeRow => ({
  recordType: "AdverseEvent",
  key,
  subjectId: "101-0001",
  kind,
  before: before && { term: "Anaemia", start: "2026-10-01", outcome: "ongoing", ...before },
  after: after && { term: "Anaemia", start: "2026-10-01", outcome: "ongoing", ...after },
  fields: [],
});

const assessment = (key: string, kind: ChangeRow["kind"], before: string | null, after: string): ChangeRow => ({
  recordType: "DiagnosticReport",
  key,
  subjectId: "101-0002",
  kind,
  before: before === null ? null : { name: "Follow-up 2", date: "2026-09-01", conclusion: before },
  after: { name: "Follow-up 2", date: "2026-09-01", conclusion: after },
  fields: ["conclusion"],
});

describe("safety signals since the last review", () => {
  it("an adverse event that became grade 3 or more: added so, or changed from below 3; not one already 3", () => {
    const signals = recordSignals([
      ae("AE-1", "added", null, { grade: 3 }),
      ae("AE-2", "changed", { grade: 2 }, { grade: 3 }),
      ae("AE-3", "changed", { grade: 3 }, { grade: 4 }),
      ae("AE-4", "changed", { grade: null }, { grade: 4 }),
      ae("AE-5", "added", null, { grade: 2 }),
      ae("AE-6", "removed", { grade: 4 }, null),
    ]);
    expect(signals.map((s) => [s.kind, s.change?.key])).toEqual([
      ["grade-3", "AE-1"],
      ["grade-3", "AE-2"],
      ["grade-3", "AE-4"],
    ]);
    expect(signals[0].words).toBe("Anaemia, grade 3, outcome ongoing, start 2026-10-01");
  });

  it("a death: an event of grade 5 or with a fatal outcome, new since (any case of 'fatal')", () => {
    const signals = recordSignals([
      ae("AE-1", "changed", { grade: 4 }, { grade: 5 }),
      ae("AE-2", "changed", { grade: 2, outcome: "ongoing" }, { grade: 2, outcome: "Fatal" }),
      ae("AE-3", "changed", { grade: 5, outcome: "fatal" }, { grade: 5, outcome: "fatal", end: "2026-10-02" }),
    ]);
    // AE-1 was grade 4 already: a death now, but no new event of grade 3 or more.
    expect(signals.map((s) => [s.kind, s.change?.key])).toEqual([
      ["death", "AE-1"],
      ["death", "AE-2"],
    ]);
  });

  it("an assessment newly signed Progressive Disease, as the signed texts are read", () => {
    const signals = recordSignals([
      assessment("A-1", "added", null, "Progressive Disease"),
      assessment("A-2", "changed", "Stable Disease", "progressive  disease"),
      assessment("A-3", "changed", "Progressive Disease", "Progressive Disease"),
      assessment("A-4", "added", null, "Partial Response"),
    ]);
    expect(signals.map((s) => [s.kind, s.change?.key])).toEqual([
      ["progression", "A-1"],
      ["progression", "A-2"],
    ]);
    expect(signals[0].words).toBe("Follow-up 2, 2026-09-01, Progressive Disease");
  });

  it("a subject in the Hy's law quadrant now and not at the last review", () => {
    const point = (subjectId: string, quadrant: EdishPoint["quadrant"], x = 4, y = 2.5) =>
      ({ subjectId, quadrant, x, y }) as EdishPoint;
    const plot = (points: EdishPoint[]): EdishPlot => ({ params: EDISH_DEFAULTS, points }) as unknown as EdishPlot;
    const signals = hysLawSignals(
      plot([point("S1", "hys-law"), point("S2", "hys-law", 3.25, 2.125), point("S3", "temple")]),
      plot([point("S1", "hys-law"), point("S2", "temple")]),
    );
    expect(signals).toEqual([
      { kind: "hys-law", subjectId: "S2", words: "peak ALT 3.25 ×ULN, peak total bilirubin 2.125 ×ULN" },
    ]);
  });

  it("are read deaths first, then by kind, each kind by subject", () => {
    const s = (kind: "death" | "grade-3" | "progression", subjectId: string) => ({ kind, subjectId, words: "" });
    expect(
      [s("progression", "A"), s("grade-3", "B"), s("death", "C"), s("grade-3", "A")]
        .sort(signalOrder)
        .map((x) => `${x.kind} ${x.subjectId}`),
    ).toEqual(["death C", "grade-3 A", "grade-3 B", "progression A"]);
  });
});
