/**
 * Which laboratory results a listing shows (docs/clinical-rules.md, Laboratory listing): the quick choices of the
 * per-test view, and the results behind the overview's counts. Abnormal means flagged L or H against the result's
 * own reference range; a result whose range has no bound (free text, or none) is never abnormal, since nothing says
 * it is.
 */
import type { MeasurementRow } from "../measurements/rows";
import { resultFlag } from "./reference-range";

export const RESULT_CHOICES = ["abnormal", "all", "low", "high", "numeric", "ranged", "text"] as const;
export type ResultChoice = (typeof RESULT_CHOICES)[number];

export const RESULT_CHOICE_LABEL: Record<ResultChoice, string> = {
  abnormal: "Abnormal results (L or H)",
  all: "All results",
  low: "Results below range (L)",
  high: "Results above range (H)",
  numeric: "Numeric results",
  ranged: "Numeric results with a readable range",
  text: "Text results",
};

type Row = Pick<MeasurementRow, "value" | "text" | "range">;

export function resultMatches(row: Row, choice: ResultChoice): boolean {
  switch (choice) {
    case "all":
      return true;
    case "numeric":
      return row.value !== null;
    case "text":
      return row.value === null && row.text !== null;
    case "ranged":
      // A number against a range with a bound: what the overview's percentages are of.
      return resultFlag(row.value, row.range) !== null;
    default: {
      const flag = resultFlag(row.value, row.range);
      return choice === "abnormal" ? flag === "L" || flag === "H" : flag === (choice === "low" ? "L" : "H");
    }
  }
}
