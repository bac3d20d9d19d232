/**
 * The planned shape of a tumour course: a multiplier of the baseline burden
 * per follow-up (1 = unchanged), plus the follow-ups where planned events
 * happen (complete response, progression, an unassessed target...).
 */

import type { SubjectSpec } from "./generator-types";
import type { Rng } from "./prng";

export type PdMode = "growth" | "new" | "nontarget";

export interface Curve {
  /** m[0] = 1 (baseline) .. m[K]. */
  m: number[];
  crAt: number | null;
  pdAt: number | null;
  pdMode: PdMode | null;
  neAt: number | null;
  tooSmallAt: number | null;
  disappearAt: number | null;
}

/** Depth of the response (negative = shrinkage) and the follow-up where it is reached. */
function depth(spec: SubjectSpec, K: number, rng: Rng): { d: number; tn: number } {
  switch (spec.kind) {
    case "PR":
      return { d: rng.range(-0.72, -0.42), tn: rng.int(2, 3) };
    case "CR":
      return { d: -1, tn: Math.max(1, Math.min(K, rng.int(2, 3))) };
    case "PD_GROWTH":
      return { d: rng.range(-0.45, 0.05), tn: 2 };
    case "PD_NEW":
    case "PD_NT":
      return { d: rng.range(-0.5, 0), tn: 2 };
    default:
      // The conclusion imperfection needs a shrinkage of about 20 %, short of a PR.
      return { d: spec.imperfection === "conclusion" ? rng.range(-0.25, -0.21) : rng.range(-0.18, 0.08), tn: 2 };
  }
}

function progression(spec: SubjectSpec, K: number, tn: number, rng: Rng): { at: number | null; mode: PdMode | null } {
  if (K < 1) return { at: null, mode: null };
  const later = () => rng.int(Math.min(2, K), K);
  if (spec.kind === "PD_GROWTH") return { at: rng.chance(0.3) ? 1 : later(), mode: "growth" };
  if (spec.kind === "PD_NEW") return { at: later(), mode: "new" };
  if (spec.kind === "PD_NT") return { at: later(), mode: "nontarget" };
  if (spec.latePd && K >= tn + 2) return { at: rng.int(tn + 1, K), mode: rng.chance(0.75) ? "growth" : "new" };
  return { at: null, mode: null };
}

export function planCurve(spec: SubjectSpec, K: number, rng: Rng): Curve {
  const { d, tn } = depth(spec, K, rng);
  const m = [1];
  for (let k = 1; k <= K; k++) m.push(1 + d * Math.min(1, k / tn));
  const pd = progression(spec, K, tn, rng);
  if (pd.at !== null && pd.mode === "growth") m[pd.at] = Math.min(...m.slice(0, pd.at)) * rng.range(1.3, 1.6);
  let neAt: number | null = null;
  if (spec.notEvaluable && K >= 2) {
    neAt = rng.int(1, K - 1);
    if (neAt === pd.at) neAt = null;
  }
  return {
    m,
    crAt: spec.kind === "CR" && K >= 1 ? tn : null,
    pdAt: pd.at,
    pdMode: pd.mode,
    neAt,
    tooSmallAt: spec.tooSmall && K >= 1 ? Math.min(K, tn) : null,
    disappearAt: spec.disappear && K >= 1 ? Math.min(K, tn) : null,
  };
}
