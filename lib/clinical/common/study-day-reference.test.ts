import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import type { MedicationRow } from "../medications/rows";
import type { AssessmentRow } from "../response/assessments";
import { anchoredStudyDayReference, studyDayReference } from "./study-day-reference";

const med = (drug: string, start: string | null, sourceType: string | null = "Prescription") =>
  ({ drug, start, sourceType }) as MedicationRow;
const dr = (date: string | null) => ({ date }) as AssessmentRow;
const lab = (collectedAt: string | null) => ({ collectedAt }) as MeasurementRow;

describe("studyDayReference", () => {
  const products = ["zalvotinib"];
  it.each([
    [
      "the first dose of study medication, not an earlier concomitant one",
      [med("aspirin", "2023-01-01"), med("Zalvotinib 100 MG", "2024-02-27"), med("Zalvotinib 25 MG", "2024-02-10")],
      [dr("2024-01-05")],
      [lab("2024-01-02T08:00:00")],
      { date: "2024-02-10", source: "first dose" },
    ],
    [
      "the first response assessment when there is no study medication",
      [med("aspirin", "2023-01-01"), med("Zalvotinib 100 MG", null)],
      [dr("2024-01-05"), dr(null), dr("2024-01-03")],
      [lab("2024-01-02T08:00:00")],
      { date: "2024-01-03", source: "first response assessment" },
    ],
    [
      "the first laboratory collection when there is neither",
      [],
      [dr(null)],
      [lab("2024-01-04T08:00:00"), lab(null), lab("2024-01-02T23:59:00"), lab("garbage")],
      { date: "2024-01-02", source: "first laboratory collection" },
    ],
    ["nothing when there is none of the three", [med("aspirin", "2023-01-01")], [], [lab(null)], null],
  ])("%s", (_what, medications, assessments, labs, expected) => {
    expect(studyDayReference({ medications, products, assessments, labs })).toEqual(expected);
  });
});

describe("anchoredStudyDayReference", () => {
  const products = ["zalvotinib"];
  const assessment = (date: string | null, timepoint: number, name: string, conclusion = "Stable Disease") =>
    ({ date, timepoint, name, conclusion }) as AssessmentRow;
  const medications = [med("Zalvotinib 100 MG", "2024-01-10")];
  const labs = [lab("2024-01-02T08:00:00")];
  // A screening scan on 2024-01-03 not marked as the baseline, the baseline on 2024-01-05, a follow-up on 2024-03-01.
  const assessments = [
    assessment("2024-03-01", 1, "Week 8"),
    assessment("2024-01-05", 0, "Baseline", "Undefined"),
    assessment("2024-01-03", 9, "Screening"),
  ];

  it("takes the baseline assessment when anchored on it, not the earlier unmarked one nor the first dose", () => {
    expect(anchoredStudyDayReference({ medications, products, assessments, labs }, "baseline")).toEqual({
      date: "2024-01-05",
      source: "baseline assessment",
    });
  });

  it("reads the baseline from its name or its conclusion too, the earliest dated one", () => {
    const marked = [
      assessment("2024-01-20", 3, "Baseline"),
      assessment(null, 0, "Baseline"),
      assessment("2024-01-18", 5, "Re-baseline", "undefined"),
    ];
    expect(anchoredStudyDayReference({ medications, products, assessments: marked, labs }, "baseline")).toEqual({
      date: "2024-01-18",
      source: "baseline assessment",
    });
  });

  it("falls back on the first dose, then the first assessment, without a dated baseline", () => {
    const unmarked = [assessment("2024-01-03", 9, "Screening")];
    expect(anchoredStudyDayReference({ medications, products, assessments: unmarked, labs }, "baseline")).toEqual({
      date: "2024-01-10",
      source: "first dose",
    });
    expect(anchoredStudyDayReference({ medications: [], products, assessments: unmarked, labs }, "baseline")).toEqual({
      date: "2024-01-03",
      source: "first response assessment",
    });
  });

  it("is the first dose under first-dose, as studyDayReference", () => {
    expect(anchoredStudyDayReference({ medications, products, assessments, labs }, "first-dose")).toEqual({
      date: "2024-01-10",
      source: "first dose",
    });
  });
});
