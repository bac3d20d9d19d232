/**
 * Lesion-by-lesion readings of one subject's tumour course, follow-up after
 * follow-up, until progression or the end of imaging. Each target shrinks or
 * grows with the planned curve times its own sensitivity; lesions below
 * measurable size become "Too small" (counted 5 mm) or "Disappeared" (0 mm),
 * and never come back, so noise alone cannot fake a progression.
 */

import { NEW_LESION_ORGANS } from "./catalog-organs";
import type { SubjectSpec } from "./generator-types";
import { metricsAt } from "./metrics";
import type { Rng } from "./prng";
import { type Imaging, type LesionDef, place, type Reading } from "./recist-baseline";
import { type Curve, planCurve } from "./recist-curve";
import { targetSum } from "./recist-rules";

export interface TumourCourse {
  /** series[0] is the baseline; the last one is the progression when pdIndex is set. */
  series: Reading[][];
  pdIndex: number | null;
}

interface Memory {
  sensitivity: number;
  floor: number;
  crValue: number;
  gone: boolean;
  tiny: boolean;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

interface Ctx {
  rng: Rng;
  curve: Curve;
  spec: SubjectSpec;
  memory: Map<string, Memory>;
  tinyLabel: string | null;
  neLabel: string | null;
  ntPdLabel: string | null;
  imaging: Imaging;
}

function initMemory(rng: Rng, defs: LesionDef[]): Map<string, Memory> {
  const targets = defs.filter((d) => d.category === "Target");
  const raw = targets.map(() => rng.range(0.7, 1.3));
  // Normalised so the burden-weighted sensitivity is 1 and the sum follows the planned curve.
  const total = targets.reduce((s, d) => s + (d.baseline ?? 0), 0);
  const weighted = targets.reduce((s, d, i) => s + (d.baseline ?? 0) * raw[i], 0);
  const memory = new Map<string, Memory>();
  defs.forEach((d) => {
    const i = targets.indexOf(d);
    const sensitivity = i >= 0 ? (raw[i] * total) / weighted : 0.5;
    memory.set(d.label, {
      sensitivity,
      floor: rng.range(6, 11),
      crValue: rng.range(5.5, 9.2),
      gone: false,
      tiny: false,
    });
  });
  return memory;
}

const read = (def: LesionDef, state: string, value: number | null): Reading => ({
  def,
  isNode: def.isNode,
  state,
  value,
});

function nonNodalTarget(c: Ctx, def: LesionDef, mem: Memory, k: number): Reading {
  const { curve, rng } = c;
  const forcedTiny = def.label === c.tinyLabel && curve.tooSmallAt !== null;
  const forcedGone = def.label === c.tinyLabel && curve.disappearAt !== null && k >= curve.disappearAt;
  if (mem.gone || forcedGone || (curve.crAt !== null && k >= curve.crAt)) {
    mem.gone = true;
    return read(def, "Disappeared", 0);
  }
  if (forcedTiny && k >= (curve.tooSmallAt as number)) mem.tiny = true;
  const raw =
    (def.baseline as number) * Math.max(0, 1 + (curve.m[k] - 1) * mem.sensitivity) * (1 + rng.range(-0.04, 0.04));
  if (forcedTiny && !mem.tiny) return read(def, "Present", round1(Math.max(6, raw)));
  if (raw < 2.5 && !forcedTiny) {
    mem.gone = true;
    return read(def, "Disappeared", 0);
  }
  if (raw < 5 || mem.tiny) {
    mem.tiny = true;
    return read(def, "Too small", 5);
  }
  return read(def, "Present", round1(raw));
}

function nodalTarget(c: Ctx, def: LesionDef, mem: Memory, k: number): Reading {
  const { curve, rng } = c;
  if (curve.crAt !== null && k >= curve.crAt) return read(def, "Present", round1(mem.crValue + rng.range(-0.3, 0.3)));
  const raw =
    (def.baseline as number) * Math.max(0, 1 + (curve.m[k] - 1) * mem.sensitivity) * (1 + rng.range(-0.04, 0.04));
  return read(def, "Present", round1(Math.max(mem.floor, raw)));
}

function nonTarget(c: Ctx, def: LesionDef, k: number): Reading {
  const { curve, rng } = c;
  if (curve.pdMode === "nontarget" && curve.pdAt === k && def.label === c.ntPdLabel) {
    return read(def, "Uneqv. prog.", def.isNode ? round1((def.baseline as number) * rng.range(1.5, 2)) : null);
  }
  if (c.spec.nonTargetCr && curve.crAt !== null && k >= curve.crAt) {
    return def.isNode ? read(def, "Stable/Improved", round1(rng.range(6, 9.4))) : read(def, "Disappeared", null);
  }
  if (!c.spec.protected && curve.pdAt !== k && rng.chance(0.015)) return read(def, "Not assessed", null);
  if (!def.isNode) return read(def, "Stable/Improved", null);
  const shrink = 1 + (curve.m[k] - 1) * 0.5;
  return read(
    def,
    "Stable/Improved",
    round1(Math.max(10, (def.baseline as number) * shrink * (1 + rng.range(-0.04, 0.04)))),
  );
}

/** A new lesion found at a follow-up (label NL1); bone lesions are seen, not measured. */
export function newLesion(rng: Rng, imaging: Imaging): Reading {
  const organ = rng.weighted(NEW_LESION_ORGANS);
  const def: LesionDef = {
    label: "NL1",
    organ,
    isNode: organ === "Lymph node",
    category: "New lesion",
    baseline: null,
    ...place(rng, organ, imaging),
  };
  return read(def, "Present", organ === "Bone" ? null : round1(rng.range(6, 22)));
}

function step(c: Ctx, defs: LesionDef[], k: number): Reading[] {
  const readings = defs.map((def) => {
    const mem = c.memory.get(def.label) as Memory;
    if (def.category === "Non-target") return nonTarget(c, def, k);
    if (k === c.curve.neAt && def.label === c.neLabel)
      return read(def, c.rng.chance(0.5) ? "Not assessed" : "Not evaluable", null);
    return def.isNode ? nodalTarget(c, def, mem, k) : nonNodalTarget(c, def, mem, k);
  });
  if (c.curve.pdMode === "new" && c.curve.pdAt === k) readings.push(newLesion(c.rng, c.imaging));
  return readings;
}

/** Makes the planned growth a progression by the rules: +20 % over the nadir and +5 mm. */
function enforceGrowth(readings: Reading[], nadir: number, rng: Rng): void {
  const targets = readings.filter((r) => r.def.category === "Target");
  const sum = targetSum(targets) ?? 0;
  const need = Math.max(nadir * 1.2, nadir + 5) + rng.range(0.5, 4);
  if (sum >= need) return;
  const measured = targets.filter((r) => r.state === "Present").sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const grower = measured[0] ?? targets.find((r) => !r.def.isNode) ?? targets[0];
  const before = grower.state === "Present" ? (grower.value ?? 0) : grower.state === "Too small" ? 5 : 0;
  grower.state = "Present";
  grower.value = round1(before + need - sum + 0.1);
}

function baselineReadings(defs: LesionDef[]): Reading[] {
  return defs.map((def) => read(def, def.category === "Target" ? "Defined" : "Present", def.baseline));
}

export function simulateTumour(
  rng: Rng,
  spec: SubjectSpec,
  defs: LesionDef[],
  K: number,
  imaging: Imaging,
): TumourCourse {
  const curve = planCurve(spec, K, rng);
  const targets = defs.filter((d) => d.category === "Target");
  const nonNodal = targets.filter((d) => !d.isNode).sort((a, b) => (a.baseline ?? 0) - (b.baseline ?? 0));
  const nts = defs.filter((d) => d.category === "Non-target");
  const c: Ctx = {
    rng,
    curve,
    spec,
    imaging,
    memory: initMemory(rng, defs),
    tinyLabel: nonNodal[0]?.label ?? null,
    neLabel: targets[rng.int(0, targets.length - 1)].label,
    ntPdLabel: nts.length ? nts[rng.int(0, nts.length - 1)].label : null,
  };
  const series = [baselineReadings(defs)];
  const sums = [targetSum(series[0].filter((r) => r.def.category === "Target"))];
  for (let k = 1; k <= K; k++) {
    const readings = step(c, defs, k);
    const nadir = Math.min(...sums.filter((s): s is number => s !== null));
    if (curve.pdAt === k && curve.pdMode === "growth") enforceGrowth(readings, nadir, rng);
    const m = metricsAt(sums, readings);
    series.push(readings);
    sums.push(m.sum);
    if (m.response === "PD") return { series, pdIndex: k };
  }
  return { series, pdIndex: null };
}
