/**
 * The response at one assessment under RECIST 1.1 (docs/clinical-rules.md, Tumour response): the target
 * response from the sum, the non-target response, new lesions, and the overall response by the rules' tables
 * (Table 1 with target disease, Table 2 for non-target disease only).
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

/** RECIST 1.1 Table 2: the response of a subject with non-target disease only, where SD would be. */
export const NON_CR_NON_PD = "Non-CR/Non-PD";

export type Response = "CR" | "PR" | "SD" | typeof NON_CR_NON_PD | "PD" | "NE";
/** "None": the subject has no target lesion (none at baseline), so Table 2 applies. */
export type TargetResponse = "CR" | "PR" | "SD" | "PD" | "NE" | "None";
export type NonTargetResponse = "CR" | typeof NON_CR_NON_PD | "PD" | "NE" | "None";

/** The partner's `conclusion` texts of the responses (docs/partner-service.md, DiagnosticReport). */
export const RESPONSE_LABEL: Readonly<Record<Response, string>> = {
  CR: "Complete Response",
  PR: "Partial Response",
  SD: "Stable Disease",
  [NON_CR_NON_PD]: NON_CR_NON_PD,
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

/** A target seen again: read (not unknown) and not resolved. */
export const targetReappeared = (r: Reading): boolean => !isUnknownReading(r) && !targetResolved(r);
/** A non-target seen again: read (not unknown) and not gone. */
export const nonTargetReappeared = (r: Reading): boolean => !isUnknownReading(r) && !nonTargetGone(r);

export interface TargetInput {
  /** The assessment's target readings. */
  targets: readonly Reading[];
  /** Baseline targets the assessment has no reading of. */
  missing: number;
  baselineSum: number | null;
  /** The smallest known sum before this assessment, baseline included. */
  nadir: number | null;
  /** The last assessment before this one with a known overall response was a complete response. */
  afterCr?: boolean;
}

/** The target response, the first rule that applies (docs/clinical-rules.md, Tumour response). */
export function targetResponse({ targets, missing, baselineSum, nadir, afterCr = false }: TargetInput): TargetResponse {
  if (targets.length === 0 && missing === 0) return "None";
  // After a complete response, any target seen again is progression, whatever its size (RECIST 1.1).
  if (afterCr && targets.some(targetReappeared)) return "PD";
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

/**
 * The non-target response; `missing` baseline non-targets without a reading count as not assessed. After a
 * complete response (`afterCr`), a non-target seen again is progression.
 */
export function nonTargetResponse(nonTargets: readonly Reading[], missing = 0, afterCr = false): NonTargetResponse {
  if (nonTargets.length === 0 && missing === 0) return "None";
  if (nonTargets.some((r) => stateKind(r.state) === "progression")) return "PD";
  if (afterCr && nonTargets.some(nonTargetReappeared)) return "PD";
  if (missing > 0 || nonTargets.some(isUnknownReading)) return "NE";
  if (nonTargets.every(nonTargetGone)) return "CR";
  return NON_CR_NON_PD;
}

/**
 * The overall response: any new lesion is PD; with target disease, Table 1 of the target and non-target
 * responses; without a target at baseline (target "None"), Table 2: the non-target response, CR, Non-CR/Non-PD
 * or NE (no lesion at all is NE).
 */
export function overallResponse(target: TargetResponse, nonTarget: NonTargetResponse, newLesion: boolean): Response {
  if (newLesion || target === "PD" || nonTarget === "PD") return "PD";
  if (target === "None") return nonTarget === "CR" || nonTarget === NON_CR_NON_PD ? nonTarget : "NE";
  if (target === "CR") return nonTarget === "CR" || nonTarget === "None" ? "CR" : "PR";
  return target;
}

// A Map, as every lookup of the partner's text is (docs/security.md): `constructor` or `__proto__` finds nothing.
const SIGNED: ReadonlyMap<string, Response> = new Map<string, Response>([
  ["complete response", "CR"],
  ["partial response", "PR"],
  ["stable disease", "SD"],
  ["non-cr/non-pd", NON_CR_NON_PD],
  ["progressive disease", "PD"],
  ["not evaluable", "NE"],
]);

/**
 * A signed conclusion as a response: the six texts (any case and spacing). `Undefined` (the baseline's) and
 * anything else give null.
 */
export function signedResponse(conclusion: string | null): Response | null {
  if (conclusion === null) return null;
  // The texts as the partner writes them are found at once; others are read with any case and spacing.
  const lower = conclusion.toLowerCase();
  return (
    SIGNED.get(lower) ??
    SIGNED.get(
      lower
        .trim()
        .replace(/\s+/g, " ")
        .replace(/ ?([/-]) ?/g, "$1"),
    ) ??
    null
  );
}
