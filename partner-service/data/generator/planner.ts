/**
 * Decides, per study, which subject follows which tumour course and which
 * subjects carry the deliberate imperfections, before any value is drawn.
 *
 * A RECIST study first deals out a fixed "deck" of coverage courses (every
 * response type, lesion fate, revision case and assessment imperfection the
 * portal must handle), so a 40-subject demo is guaranteed to show all of them;
 * the remaining subjects draw their course at random. Without imperfections
 * the same subjects get the same courses, only none of the flaws. A few
 * subjects outside the deck have their dealt course recast once it is drawn
 * (recast.ts: non-target disease only, a target back after a response).
 */

import type { StudyCtx, SubjectSpec, TrajectoryKind } from "./generator-types";
import { type Rng, stream } from "./prng";

const COVERAGE: readonly Omit<SubjectSpec, "protected">[] = [
  { kind: "CR", nodeTarget: true, nonTargetCr: true },
  { kind: "PR", tooSmall: true },
  { kind: "PD_GROWTH" },
  { kind: "PD_NEW" },
  { kind: "PD_NT" },
  { kind: "SD", notEvaluable: true },
  { kind: "PR", disappear: true },
  { kind: "CR", nonTargetCr: true },
  { kind: "SD" },
  { kind: "PR", revision: "assessment" },
  { kind: "SD", revision: "unsigned" },
  { kind: "PR", revision: "case" },
  { kind: "SD", revision: "unsigned-rerevision" },
  { kind: "SD", imperfection: "conclusion" },
  { kind: "PR", imperfection: "sum" },
  { kind: "SD", imperfection: "gap" },
];

const RANDOM_KINDS: readonly (readonly [TrajectoryKind, number])[] = [
  ["PR", 24],
  ["SD", 30],
  ["PD_GROWTH", 30],
  ["PD_NEW", 8],
  ["PD_NT", 4],
  ["CR", 4],
];

function randomSpec(rng: Rng): SubjectSpec {
  const kind = rng.weighted(RANDOM_KINDS);
  const spec: SubjectSpec = { kind, protected: false };
  if ((kind === "PR" || kind === "SD") && rng.chance(0.5)) spec.latePd = true;
  if (kind === "CR") spec.nodeTarget = rng.chance(0.4);
  if (rng.chance(0.04)) spec.notEvaluable = true;
  const r = rng.float();
  if (r < 0.08) spec.revision = "unsigned";
  else if (r < 0.14) spec.revision = "assessment";
  else if (r < 0.17) spec.revision = "case";
  else if (r < 0.185) spec.revision = "unsigned-rerevision";
  return spec;
}

/** Distinct positions for the record-level imperfections and deaths, coverage subjects last. */
function quirkOrder(rng: Rng, specs: SubjectSpec[]): number[] {
  const free = rng.shuffle(specs.map((_, i) => i).filter((i) => !specs[i].protected));
  const held = rng.shuffle(specs.map((_, i) => i).filter((i) => specs[i].protected));
  return [...free, ...held];
}

function assignQuirks(rng: Rng, specs: SubjectSpec[], oncology: boolean, imperfections: boolean): void {
  const n = specs.length;
  if (n < 5) return;
  const order = quirkOrder(rng, specs);
  let next = 0;
  const take = (count: number, apply: (s: SubjectSpec) => void, unprotectedOnly = false) => {
    for (let c = 0; c < count && next < order.length; next++) {
      const spec = specs[order[next]];
      if (unprotectedOnly && spec.protected) continue;
      apply(spec);
      c++;
    }
  };
  if (oncology && n >= 10) {
    take(Math.max(1, Math.round(n * 0.02)), (s) => (s.death = true), true);
    take(1, (s) => (s.lifeThreateningAe = true));
  }
  if (!imperfections) return;
  take(Math.max(1, Math.floor(n / 40)), (s) => (s.labMissingUnit = true));
  take(Math.max(1, Math.floor(n / 80)), (s) => (s.aeEndBeforeStart = true));
  take(Math.max(2, Math.floor(n / 25)), (s) => (s.aeMissingGrade = true));
}

/** The coverage deck; without imperfections, its imperfect courses are the same courses read correctly. */
function coverage(n: number, imperfections: boolean): SubjectSpec[] {
  return COVERAGE.slice(0, n).map(({ imperfection, ...course }): SubjectSpec => {
    const spec: SubjectSpec = { ...course, protected: true };
    if (imperfection && imperfections) spec.imperfection = imperfection;
    return spec;
  });
}

/** One spec per subject, indexed by seq - 1; `imperfections` false plants none of the deliberate flaws. */
export function planSubjects(study: StudyCtx, imperfections = true): SubjectSpec[] {
  const rng = stream(study.seed, study.plan.studyNumber, "planner");
  const n = study.plan.subjects;
  const specs: SubjectSpec[] = [];
  if (study.recist) {
    const deck = coverage(n, imperfections);
    while (deck.length < n) deck.push(randomSpec(rng));
    const positions = rng.shuffle(deck.map((_, i) => i));
    for (let i = 0; i < n; i++) specs.push(deck[positions[i]]);
  } else {
    for (let i = 0; i < n; i++) specs.push({ kind: null, protected: false });
  }
  assignQuirks(rng, specs, study.oncology, imperfections);
  return specs;
}
