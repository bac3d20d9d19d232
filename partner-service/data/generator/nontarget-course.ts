/**
 * The tumour course of a subject with non-target disease only: no lesion measurable at baseline (nodes of 10 to
 * <15 mm short axis, lesions under 10 mm, bone lesions, effusions), so no target lesion and no target sum. Each
 * follow-up is read by RECIST 1.1 Table 2 (recist-rules.ts): all non-targets gone (nodes under 10 mm) is a complete
 * response, a non-target not assessed makes it not evaluable, unequivocal progression or a new lesion is
 * progression, anything else is Non-CR/Non-PD.
 */

import { TARGET_ORGANS } from "./catalog-organs";
import type { StudyCtx } from "./generator-types";
import type { Rng } from "./prng";
import { type Imaging, type LesionDef, place, type Reading } from "./recist-baseline";
import { newLesion, type TumourCourse } from "./recist-course";

/**
 * What the course shows: a complete response, Non-CR/Non-PD with one follow-up not evaluable, or progression by a
 * new lesion or by unequivocal progression of a non-target.
 */
export type NonTargetPlan =
  | "non-target CR"
  | "non-target Non-CR/Non-PD"
  | "non-target PD, new lesion"
  | "non-target PD, unequivocal";

/** The follow-up from which a planned complete response is read (the one before stays Non-CR/Non-PD). */
export const NON_TARGET_CR_AT = 2;

type Kind = "node" | "bone" | "small" | "effusion";

const round1 = (x: number) => Math.round(x * 10) / 10;

const read = (def: LesionDef, state: string, value: number | null): Reading => ({
  def,
  isNode: def.isNode,
  state,
  value,
});

function kindOf(rng: Rng, study: StudyCtx, plan: NonTargetPlan): Kind {
  // Bone and effusions never resolve completely on imaging, so a planned complete response avoids them.
  if (plan === "non-target CR") return rng.chance(0.6) ? "node" : "small";
  return rng.weighted([
    ["node", 30],
    ["bone", 20],
    ["small", 35],
    ["effusion", study.tumour === "lung" ? 10 : 0],
  ] as const);
}

/** One to three non-measurable lesions; a pathological node keeps its short axis, the others have no value. */
function baselineDefs(rng: Rng, study: StudyCtx, plan: NonTargetPlan, imaging: Imaging): LesionDef[] {
  const count = rng.int(1, 3);
  const defs: LesionDef[] = [];
  for (let i = 0; i < count; i++) {
    const kind = kindOf(rng, study, plan);
    const organs = TARGET_ORGANS[study.tumour].filter(([o]) => o !== "Lymph node");
    const organ =
      kind === "node" ? "Lymph node" : kind === "bone" ? "Bone" : kind === "effusion" ? "Pleura" : rng.weighted(organs);
    defs.push({
      label: `NT${i + 1}`,
      organ,
      isNode: kind === "node",
      category: "Non-target",
      baseline: kind === "node" ? round1(rng.range(10, 14.9)) : null,
      ...place(rng, organ, imaging),
    });
  }
  return defs;
}

/** Still there: a node stays pathological (10 mm or more), other lesions are seen without a value. */
function persisting(rng: Rng, def: LesionDef): Reading {
  if (!def.isNode) return read(def, "Stable/Improved", null);
  return read(def, "Stable/Improved", round1(Math.max(10, (def.baseline as number) * rng.range(0.9, 1.05))));
}

/** Gone: a node back under 10 mm short axis, any other lesion disappeared. */
function resolved(rng: Rng, def: LesionDef): Reading {
  return def.isNode ? read(def, "Stable/Improved", round1(rng.range(6, 9.4))) : read(def, "Disappeared", null);
}

interface Events {
  crAt: number | null;
  neAt: number | null;
  neLabel: string;
  pdAt: number | null;
  pdByNewLesion: boolean;
  pdLabel: string;
}

const progresses = (plan: NonTargetPlan) =>
  plan === "non-target PD, new lesion" || plan === "non-target PD, unequivocal";

function events(rng: Rng, plan: NonTargetPlan, defs: LesionDef[], followUps: number, pdAt: number | null): Events {
  const label = () => defs[rng.int(0, defs.length - 1)].label;
  return {
    crAt: plan === "non-target CR" ? Math.min(followUps, NON_TARGET_CR_AT) : null,
    // Not at the last follow-up, so that the course is seen evaluable again after it.
    neAt: plan === "non-target Non-CR/Non-PD" && followUps >= 2 ? rng.int(1, followUps - 1) : null,
    neLabel: label(),
    pdAt: progresses(plan) ? pdAt : null,
    pdByNewLesion: plan === "non-target PD, new lesion",
    pdLabel: label(),
  };
}

function followUp(rng: Rng, defs: LesionDef[], e: Events, k: number, imaging: Imaging): Reading[] {
  const readings = defs.map((def) => {
    if (k === e.pdAt && !e.pdByNewLesion && def.label === e.pdLabel) {
      return read(def, "Uneqv. prog.", def.isNode ? round1((def.baseline as number) * rng.range(1.5, 2)) : null);
    }
    if (e.crAt !== null && k >= e.crAt) return resolved(rng, def);
    if (k === e.neAt && def.label === e.neLabel) {
      return read(def, rng.chance(0.5) ? "Not assessed" : "Not evaluable", null);
    }
    return persisting(rng, def);
  });
  if (k === e.pdAt && e.pdByNewLesion) readings.push(newLesion(rng, imaging));
  return readings;
}

/**
 * The course over `followUps` follow-ups; a planned progression comes at follow-up `pdAt` (the last one), and
 * without it the course has none.
 */
export function nonTargetCourse(
  rng: Rng,
  study: StudyCtx,
  plan: NonTargetPlan,
  imaging: Imaging,
  followUps: number,
  pdAt: number | null,
): TumourCourse {
  const defs = baselineDefs(rng, study, plan, imaging);
  const e = events(rng, plan, defs, followUps, pdAt);
  const series = [defs.map((def) => read(def, "Present", def.baseline))];
  for (let k = 1; k <= followUps; k++) series.push(followUp(rng, defs, e, k, imaging));
  return { series, pdIndex: e.pdAt };
}
