/**
 * What one lesion reading means under RECIST 1.1 (docs/clinical-rules.md, Tumour response): what a target adds
 * to the sum, whether it is resolved, whether a non-target is gone. The portal's own statement of the rules,
 * written from the rules document, not shared with the partner service's data generator.
 */
import type { LesionRow } from "./lesion-rows";

/** What a lesion reading needs for the rules. */
export type Reading = Pick<LesionRow, "state" | "value" | "node">;

export type StateKind = "disappeared" | "too-small" | "not-assessed" | "not-evaluable" | "progression" | "present";

/** RECIST 1.1: a target too small to measure counts 5 mm. */
export const TOO_SMALL_MM = 5;
/** RECIST 1.1: a lymph node under 10 mm short axis is normal. */
export const NORMAL_NODE_MM = 10;
/** Binary rounding must not decide a boundary: sums are compared to within a millionth of a millimetre. */
export const TOLERANCE_MM = 1e-6;

/**
 * The meaning of `#State`, in any case and spacing. `Present`, `Defined`, `Stable/Improved`, `Undefined` and no
 * state at all are a lesion that is there (its value counts).
 */
export function stateKind(state: string | null): StateKind {
  const key = state ?? "";
  let kind = KINDS.get(key);
  if (kind === undefined) {
    kind = readState(key);
    // A study sends a handful of distinct states; the bound only guards against a service sending many.
    if (KINDS.size >= 256) KINDS.clear();
    KINDS.set(key, kind);
  }
  return kind;
}

/** States as read, remembered: a study has about 60,000 readings and nine states. */
const KINDS = new Map<string, StateKind>();

function readState(state: string): StateKind {
  const s = state.trim().toLowerCase().replace(/\s+/g, " ");
  if (s === "disappeared") return "disappeared";
  if (s === "too small") return "too-small";
  if (s === "not assessed") return "not-assessed";
  if (s === "not evaluable") return "not-evaluable";
  if (s.startsWith("uneqv") || s.startsWith("unequivocal")) return "progression";
  return "present";
}

const unknownState = (k: StateKind) => k === "not-assessed" || k === "not-evaluable";

/** Millimetres to a thousandth: 10.1 + 20.2 is 30.3, not 30.299999999999997. */
export const roundMm = (mm: number): number => Math.round(mm * 1000) / 1000;

/** What a target adds to the sum: 0 when disappeared, 5 mm when too small, else its value; null when unknown. */
export function targetContribution(r: Reading): number | null {
  const kind = stateKind(r.state);
  if (kind === "disappeared") return 0;
  if (kind === "too-small") return TOO_SMALL_MM;
  if (unknownState(kind)) return null;
  return r.value;
}

/**
 * The sum of the targets' contributions; null when there is no target, when any target is unknown, or when
 * `missing` baseline targets were not read at all (a target not read is a target not assessed).
 */
export function targetSum(targets: readonly Reading[], missing = 0): number | null {
  if (targets.length === 0 || missing > 0) return null;
  let sum = 0;
  for (const t of targets) {
    const mm = targetContribution(t);
    if (mm === null) return null;
    sum += mm;
  }
  return roundMm(sum);
}

/** The sum over the targets that were measured only; null when none was. Detects progression despite gaps. */
export function assessedSum(targets: readonly Reading[]): number | null {
  let sum = 0;
  let known = 0;
  for (const t of targets) {
    const mm = targetContribution(t);
    if (mm === null) continue;
    sum += mm;
    known++;
  }
  return known === 0 ? null : roundMm(sum);
}

/**
 * A target resolved for a complete response: a non-node that disappeared or measures 0 mm (`Too small` is not
 * gone); a node that disappeared, is too small, or measures under 10 mm. Never one not assessed or not evaluable.
 */
export function targetResolved(r: Reading): boolean {
  const kind = stateKind(r.state);
  if (kind === "disappeared") return true;
  if (unknownState(kind)) return false;
  if (r.node) return kind === "too-small" || (r.value !== null && r.value < NORMAL_NODE_MM);
  return kind !== "too-small" && r.value === 0;
}

/** A non-target gone for a complete response: disappeared, or a node measured under 10 mm. */
export function nonTargetGone(r: Reading): boolean {
  const kind = stateKind(r.state);
  if (kind === "disappeared") return true;
  return r.node && kind === "present" && r.value !== null && r.value < NORMAL_NODE_MM;
}

/** Whether a reading is unknown for the response (not assessed or not evaluable). */
export const isUnknownReading = (r: Reading): boolean => unknownState(stateKind(r.state));
