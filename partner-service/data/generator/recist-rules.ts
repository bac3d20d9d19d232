/**
 * RECIST 1.1 arithmetic as docs/clinical-rules.md states it: the partner
 * service's own statement of the rules, with which its data generator derives
 * every signed sum, change and conclusion. The portal states the same rules
 * independently (lib/clinical) and never imports this file, so that its data
 * checks are not the generator checking itself. All sizes and sums are in
 * millimetres.
 */

export type LesionCategory = "Target" | "Non-target" | "New lesion";

export type LesionState =
  | "Present"
  | "Defined"
  | "Stable/Improved"
  | "Disappeared"
  | "Undefined"
  | "Uneqv. prog."
  | "Not evaluable"
  | "Not assessed"
  | "Too small";

export const LESION_STATES: readonly LesionState[] = [
  "Present",
  "Defined",
  "Stable/Improved",
  "Disappeared",
  "Undefined",
  "Uneqv. prog.",
  "Not evaluable",
  "Not assessed",
  "Too small",
];

/** One lesion as read at one assessment. `value` is the longest diameter, or the short axis for a node. */
export interface LesionReading {
  state: LesionState | string;
  isNode: boolean;
  value: number | null;
}

/** `None`: the subject has no target lesions (non-target disease only), so RECIST 1.1 Table 2 applies. */
export type TargetResponse = "CR" | "PR" | "SD" | "PD" | "NE" | "None";
/** `None`: the subject has no non-target lesions, which never blocks a complete response. */
export type NonTargetResponse = "CR" | "Non-CR/Non-PD" | "PD" | "NE" | "None";
/** `Non-CR/Non-PD` is the overall response only of a subject without target lesions (Table 2). */
export type OverallResponse = "CR" | "PR" | "SD" | "Non-CR/Non-PD" | "PD" | "NE";

/** Conclusion texts of the partner's DiagnosticReport, by response code. */
export const RESPONSE_LABEL: Readonly<Record<OverallResponse, string>> = {
  CR: "Complete Response",
  PR: "Partial Response",
  SD: "Stable Disease",
  "Non-CR/Non-PD": "Non-CR/Non-PD",
  PD: "Progressive Disease",
  NE: "Not Evaluable",
};

/** Value counted for a lesion "too small to measure" (RECIST default). */
export const TOO_SMALL_MM = 5;
/** A node under this short axis is normal. */
export const NORMAL_NODE_MM = 10;

// Measurements carry one or two decimals; the tolerance keeps exact boundary
// cases (a 30.0 % decrease, a 5.0 mm increase) from failing on binary rounding.
const EPS = 1e-6;

/** Rounds away binary floating-point noise (43.300000000000004 -> 43.3) and keeps sub-mm precision. */
export function roundMm(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export function isNotAssessed(state: string): boolean {
  return state === "Not assessed" || state === "Not evaluable";
}

/** What one target lesion adds to the sum, or null when it was not assessed or not measured. */
export function targetContribution(lesion: LesionReading, tooSmallMm = TOO_SMALL_MM): number | null {
  if (isNotAssessed(lesion.state)) return null;
  if (lesion.state === "Disappeared") return 0;
  if (lesion.state === "Too small") return tooSmallMm;
  return lesion.value;
}

/**
 * Sum of diameters of the target lesions; null when any target lacks a measurement, and when there is no target
 * at all (a subject with non-target disease only has no target sum, not a sum of 0 mm).
 */
export function targetSum(targets: readonly LesionReading[], tooSmallMm = TOO_SMALL_MM): number | null {
  if (targets.length === 0) return null;
  let sum = 0;
  for (const lesion of targets) {
    const part = targetContribution(lesion, tooSmallMm);
    if (part === null) return null;
    sum += part;
  }
  return roundMm(sum);
}

/** Sum over the targets that were measured, ignoring the others. */
export function assessedTargetSum(targets: readonly LesionReading[], tooSmallMm = TOO_SMALL_MM): number {
  let sum = 0;
  for (const lesion of targets) sum += targetContribution(lesion, tooSmallMm) ?? 0;
  return roundMm(sum);
}

/** 100 x (sum - baseline) / baseline, or null when it cannot be computed. */
export function percentChange(sum: number | null, baseline: number | null): number | null {
  if (sum === null || baseline === null || baseline === 0) return null;
  return (100 * (sum - baseline)) / baseline;
}

/** Smallest of the sums that exist (the nadir, when given every sum on study so far). */
export function nadirOf(sums: readonly (number | null)[]): number | null {
  let nadir: number | null = null;
  for (const s of sums) if (s !== null && (nadir === null || s < nadir)) nadir = s;
  return nadir;
}

/** PD arithmetic: at least 20 % over the nadir AND at least 5 mm more. */
export function isProgression(currentSum: number, nadirSum: number): boolean {
  return currentSum - nadirSum >= 5 - EPS && currentSum >= nadirSum * 1.2 - EPS;
}

/** PR arithmetic: at least 30 % below the baseline sum. */
export function isPartialResponse(currentSum: number, baselineSum: number): boolean {
  return currentSum <= baselineSum * 0.7 + EPS;
}

/** CR of the targets: every non-nodal target gone and every target node under 10 mm short axis. */
export function isCompleteResponse(targets: readonly LesionReading[]): boolean {
  if (targets.length === 0) return false;
  return targets.every((t) => {
    if (isNotAssessed(t.state)) return false;
    if (t.state === "Disappeared") return true;
    if (t.isNode) return t.state === "Too small" || (t.value !== null && t.value < NORMAL_NODE_MM);
    return t.state !== "Too small" && t.value === 0;
  });
}

export interface TargetResponseInput {
  baselineSum: number;
  /** Smallest sum on study before this assessment, baseline included. */
  nadirSum: number;
  /** Sum at this assessment; null when a target was not assessed. */
  currentSum: number | null;
  targets: readonly LesionReading[];
}

/**
 * Target-lesion response. A target not assessed makes the response NE unless
 * the targets that were measured already prove progression ("when it matters").
 * CR is checked first because its sum may legitimately be above zero (nodes).
 */
export function targetResponse(input: TargetResponseInput): TargetResponse {
  const { baselineSum, nadirSum, currentSum, targets } = input;
  if (targets.length === 0) return "None";
  if (currentSum === null || targets.some((t) => targetContribution(t) === null)) {
    return isProgression(assessedTargetSum(targets), nadirSum) ? "PD" : "NE";
  }
  if (isCompleteResponse(targets)) return "CR";
  if (isProgression(currentSum, nadirSum)) return "PD";
  if (isPartialResponse(currentSum, baselineSum)) return "PR";
  return "SD";
}

/** Non-target response: PD on unequivocal progression, CR when all are gone (nodes under 10 mm). */
export function nonTargetResponse(nonTargets: readonly LesionReading[]): NonTargetResponse {
  if (nonTargets.length === 0) return "None";
  if (nonTargets.some((l) => l.state === "Uneqv. prog.")) return "PD";
  if (nonTargets.some((l) => isNotAssessed(l.state))) return "NE";
  const resolved = (l: LesionReading) =>
    l.state === "Disappeared" || (l.isNode && l.value !== null && l.value < NORMAL_NODE_MM);
  return nonTargets.every(resolved) ? "CR" : "Non-CR/Non-PD";
}

/**
 * Overall response from the tables in docs/clinical-rules.md; any new lesion is PD. Without target lesions
 * (target `None`) RECIST 1.1 Table 2 applies: non-target CR is CR, Non-CR/Non-PD stays Non-CR/Non-PD, not all
 * evaluated is NE, unequivocal progression is PD.
 */
export function overallResponse(
  target: TargetResponse,
  nonTarget: NonTargetResponse,
  newLesion: boolean,
): OverallResponse {
  if (newLesion || target === "PD" || nonTarget === "PD") return "PD";
  if (target === "None") return nonTargetOnlyResponse(nonTarget);
  if (target === "CR") return nonTarget === "CR" || nonTarget === "None" ? "CR" : "PR";
  return target;
}

/** Table 2 short of progression; a subject with no lesion at all has nothing to evaluate (NE). */
function nonTargetOnlyResponse(nonTarget: Exclude<NonTargetResponse, "PD">): OverallResponse {
  if (nonTarget === "CR") return "CR";
  if (nonTarget === "Non-CR/Non-PD") return "Non-CR/Non-PD";
  return "NE";
}
