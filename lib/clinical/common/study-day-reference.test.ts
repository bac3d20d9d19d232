import { describe, expect, it } from "vitest";
import type { MeasurementRow } from "../measurements/rows";
import type { MedicationRow } from "../medications/rows";
import type { AssessmentRow } from "../response/assessments";
import { studyDayReference } from "./study-day-reference";

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
