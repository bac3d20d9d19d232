/**
 * Baseline tumour burden of one subject, chosen by the RECIST 1.1 rules:
 * 1 to 5 measurable targets, at most 2 per organ (all lymph nodes count as one
 * organ), non-nodal targets >= 10 mm longest diameter, nodal targets >= 15 mm
 * short axis; everything else is followed as non-target disease.
 */

import { type Region, regionOf, seriesDescription, TARGET_ORGANS } from "./catalog-organs";
import type { StudyCtx, SubjectSpec } from "./generator-types";
import type { Rng } from "./prng";
import type { LesionCategory } from "./recist-rules";

export interface LesionDef {
  label: string;
  organ: string;
  isNode: boolean;
  category: LesionCategory;
  /** Baseline measurement in mm; null for non-measured non-target disease. */
  baseline: number | null;
  modality: "CT" | "MRI";
  seriesNumber: number;
  seriesDescription: string;
  instance: number;
}

/** One lesion as read at one assessment (isNode repeated from def for recist-rules.ts). */
export interface Reading {
  def: LesionDef;
  isNode: boolean;
  state: string;
  value: number | null;
}

export interface Imaging {
  abdomenMri: boolean;
  series: Record<Region | "mri", number>;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

export function imagingSetup(rng: Rng, study: StudyCtx): Imaging {
  return {
    abdomenMri: rng.chance(study.tumour === "colorectal" ? 0.25 : 0.12),
    series: { chest: rng.int(2, 4), abdomen: rng.int(3, 7), body: rng.int(2, 3), mri: rng.int(5, 14) },
  };
}

/** Where a lesion is seen: modality, series and slice. */
export function place(
  rng: Rng,
  organ: string,
  imaging: Imaging,
): Omit<LesionDef, "label" | "organ" | "isNode" | "category" | "baseline"> {
  const region = regionOf(organ, rng.chance(0.6));
  const modality = imaging.abdomenMri && region === "abdomen" ? "MRI" : "CT";
  return {
    modality,
    seriesNumber: modality === "MRI" ? imaging.series.mri : imaging.series[region],
    seriesDescription: seriesDescription(modality, region),
    instance: region === "chest" ? rng.int(18, 160) : rng.int(25, 240),
  };
}

function targetSize(rng: Rng, isNode: boolean, small: boolean): number {
  if (isNode) return round1(Math.min(48, 15 + rng.logNormal(6, 0.55)));
  if (small) return round1(rng.range(10.2, 14));
  return round1(Math.min(110, 10 + rng.logNormal(13, 0.65)));
}

function targetOrgans(rng: Rng, study: StudyCtx, spec: SubjectSpec): string[] {
  const count = spec.nodeTarget
    ? rng.int(2, 4)
    : rng.weighted([
        [1, 10],
        [2, 25],
        [3, 30],
        [4, 20],
        [5, 15],
      ] as const);
  // A complete response without a nodal target is the case whose sum reaches 0.
  const noNodes = spec.kind === "CR" && !spec.nodeTarget;
  const perOrgan = new Map<string, number>();
  const organs: string[] = [];
  for (let i = 0; i < count; i++) {
    const allowed = TARGET_ORGANS[study.tumour].filter(
      ([o]) => (perOrgan.get(o) ?? 0) < 2 && !(noNodes && o === "Lymph node"),
    );
    const organ = i === 0 && spec.nodeTarget ? "Lymph node" : rng.weighted(allowed);
    perOrgan.set(organ, (perOrgan.get(organ) ?? 0) + 1);
    organs.push(organ);
  }
  // Lesions meant to become too small or to disappear need a non-nodal target.
  if ((spec.tooSmall || spec.disappear) && !organs.some((o) => o !== "Lymph node")) organs.push("Liver");
  return organs;
}

function targets(rng: Rng, study: StudyCtx, spec: SubjectSpec, imaging: Imaging): LesionDef[] {
  const organs = targetOrgans(rng, study, spec);
  const smallIndex = spec.tooSmall || spec.disappear ? organs.findIndex((o) => o !== "Lymph node") : -1;
  return organs.map((organ, i) => {
    const isNode = organ === "Lymph node";
    const baseline = targetSize(rng, isNode, i === smallIndex);
    return { label: `T${i + 1}`, organ, isNode, category: "Target", baseline, ...place(rng, organ, imaging) };
  });
}

type NonTargetKind = "node" | "bone" | "small" | "effusion";

function nonTargetKind(rng: Rng, study: StudyCtx, spec: SubjectSpec): NonTargetKind {
  // Bone and effusions never resolve completely on imaging, so a planned CR avoids them.
  if (spec.nonTargetCr) return rng.chance(0.6) ? "node" : "small";
  const effusion = study.tumour === "lung" ? 10 : 0;
  return rng.weighted([
    ["node", 30],
    ["bone", 20],
    ["small", 35],
    ["effusion", effusion],
  ] as const);
}

function nonTargets(rng: Rng, study: StudyCtx, spec: SubjectSpec, imaging: Imaging): LesionDef[] {
  const count =
    spec.kind === "PD_NT"
      ? rng.int(1, 3)
      : spec.nonTargetCr
        ? rng.int(1, 2)
        : rng.weighted([
            [0, 30],
            [1, 35],
            [2, 25],
            [3, 10],
          ] as const);
  const defs: LesionDef[] = [];
  for (let i = 0; i < count; i++) {
    const kind = nonTargetKind(rng, study, spec);
    const organs = TARGET_ORGANS[study.tumour].filter(([o]) => o !== "Lymph node");
    const organ =
      kind === "node" ? "Lymph node" : kind === "bone" ? "Bone" : kind === "effusion" ? "Pleura" : rng.weighted(organs);
    // Pathological but non-measurable nodes (10 to <15 mm) keep their short axis; other non-targets are not measured.
    const baseline = kind === "node" ? round1(rng.range(10, 14.9)) : null;
    defs.push({
      label: `NT${i + 1}`,
      organ,
      isNode: kind === "node",
      category: "Non-target",
      baseline,
      ...place(rng, organ, imaging),
    });
  }
  return defs;
}

export function baselineLesions(rng: Rng, study: StudyCtx, spec: SubjectSpec, imaging: Imaging): LesionDef[] {
  return [...targets(rng, study, spec, imaging), ...nonTargets(rng, study, spec, imaging)];
}
