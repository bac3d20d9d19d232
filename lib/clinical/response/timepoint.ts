/**
 * The response at one assessment under RECIST 1.1 (docs/clinical-rules.md, Tumour response): the target
 * response from the sum, the non-target response, new lesions, and the overall response by the rules' table.
 */
import {
  assessedSum,
  isUnknownReading,
  nonTargetGone,
  type Reading,
  stateKind,
  TOLERANCE_MM,
  targetResolved,
  targetSum,
} from "./lesion-rules";

export type Response = "CR" | "PR" | "SD" | "PD" | "NE";
export type NonTargetResponse = "CR" | "Non-CR/Non-PD" | "PD" | "NE" | "None";

/** The partner's `conclusion` texts of the responses (docs/partner-service.md, DiagnosticReport). */
export const RESPONSE_LABEL: Readonly<Record<Response, string>> = {
  CR: "Complete Response",
  PR: "Partial Response",
  SD: "Stable Disease",
  PD: "Progressive Disease",
  NE: "Not Evaluable",
};

/** Progression arithmetic: at least 20 % and at least 5 mm over the nadir, both. */
export function isProgression(sum: number, nadir: number): boolean {
  return sum - nadir >= 5 - TOLERANCE_MM && sum >= 1.2 * nadir - TOLERANCE_MM;
}

/** Partial-response arithmetic: at least 30 % below the baseline sum (not the nadir); never from a baseline of 0. */
export function isPartialResponse(sum: number, baseline: number): boolean {
  return baseline > 0 && sum <= 0.7 * baseline + TOLERANCE_MM;
}

export interface TargetInput {
  /** The assessment's target readings. */
  targets: readonly Reading[];
  /** Baseline targets the assessment has no reading of. */
  missing: number;
  baselineSum: number | null;
  /** The smallest known sum before this assessment, baseline included. */
  nadir: number | null;
}

/** The target response, the first rule that applies (docs/clinical-rules.md, Tumour response). */
export function targetResponse({ targets, missing, baselineSum, nadir }: TargetInput): Response {
  if (targets.length === 0 && missing === 0) return "NE";
  const sum = targetSum(targets, missing);
  if (sum === null) {
    // Not evaluable unless what was measured already shows progression.
    const measured = assessedSum(targets);
    return measured !== null && nadir !== null && isProgression(measured, nadir) ? "PD" : "NE";
  }
  // Complete response first: nodes under 10 mm keep a sum above 0.
  if (targets.every(targetResolved)) return "CR";
  if (nadir !== null && isProgression(sum, nadir)) return "PD";
  if (baselineSum !== null && isPartialResponse(sum, baselineSum)) return "PR";
  return "SD";
}

/** The non-target response; `missing` baseline non-targets without a reading count as not assessed. */
export function nonTargetResponse(nonTargets: readonly Reading[], missing = 0): NonTargetResponse {
  if (nonTargets.length === 0 && missing === 0) return "None";
  if (nonTargets.some((r) => stateKind(r.state) === "progression")) return "PD";
  if (missing > 0 || nonTargets.some(isUnknownReading)) return "NE";
  if (nonTargets.every(nonTargetGone)) return "CR";
  return "Non-CR/Non-PD";
}

/** The overall response: any new lesion is PD; otherwise the table of target and non-target responses. */
export function overallResponse(target: Response, nonTarget: NonTargetResponse, newLesion: boolean): Response {
  if (newLesion || target === "PD" || nonTarget === "PD") return "PD";
  if (target === "CR") return nonTarget === "CR" || nonTarget === "None" ? "CR" : "PR";
  return target;
}

const SIGNED: Readonly<Record<string, Response>> = {
  "complete response": "CR",
  "partial response": "PR",
  "stable disease": "SD",
  // For a subject with non-target disease only, RECIST 1.1 counts non-CR/non-PD where SD would be.
  "non-cr/non-pd": "SD",
  "progressive disease": "PD",
  "not evaluable": "NE",
};

/**
 * A signed conclusion as a response: the five texts (any case), `Non-CR/Non-PD` as SD. `Undefined` (the
 * baseline's) and anything else give null.
 */
export function signedResponse(conclusion: string | null): Response | null {
  if (conclusion === null) return null;
  // The texts as the partner writes them are found at once; others are read with any case and spacing.
  return SIGNED[conclusion.toLowerCase()] ?? SIGNED[conclusion.trim().toLowerCase().replace(/\s+/g, " ")] ?? null;
}
