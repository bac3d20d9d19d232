/**
 * Courses the coverage deck (planner.ts) has no place for: non-target disease only, read by RECIST 1.1 Table 2
 * (nontarget-course.ts), and a target lesion that reappears after a complete response. Each study gives each of
 * them to one subject: the first, in enrolment order, that is not a coverage subject, has no revised or unsigned
 * assessment, and whose dealt course fits (see `fits`).
 *
 * The recast course replaces the dealt one after the subject's tumour stream has drawn it, and keeps its number of
 * scans and the follow-up of its progression. So the subject keeps its disposition, visits and every other domain,
 * and the case and assessment IDs, which count on from subject to subject, stay as they are for everyone.
 */

import type { StudyCtx, SubjectSpec } from "./generator-types";
import { type NonTargetPlan, nonTargetCourse } from "./nontarget-course";
import type { Rng } from "./prng";
import { baselineLesions, type Imaging } from "./recist-baseline";
import { simulateTumour, type TumourCourse } from "./recist-course";

export type Recast = NonTargetPlan | "target reappears";

/** The order in which a study's recasts are handed out. */
const RECASTS: readonly Recast[] = [
  "non-target CR",
  "non-target Non-CR/Non-PD",
  "non-target PD, new lesion",
  "non-target PD, unequivocal",
  "target reappears",
];

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Whether a dealt course can carry the recast: a complete response (reached at follow-up 2) or Non-CR/Non-PD with a
 * follow-up not evaluable needs 3 follow-ups and no progression; a non-target progression needs a progression at
 * follow-up 2 or later, a reappearing target one at follow-up 3 or later (a response before a complete response,
 * the complete response, its return).
 */
function fits(recast: Recast, dealt: TumourCourse): boolean {
  const followUps = dealt.series.length - 1;
  if (recast === "non-target PD, new lesion" || recast === "non-target PD, unequivocal")
    return dealt.pdIndex !== null && dealt.pdIndex >= 2;
  if (recast === "target reappears") return dealt.pdIndex !== null && dealt.pdIndex >= 3;
  return dealt.pdIndex === null && followUps >= 3;
}

/** The recasts of one study, each handed out once, in the order of RECASTS. */
export class Recasts {
  private readonly open = new Set<Recast>(RECASTS);

  /** The recast this subject takes, if any, given the course the planner dealt it. */
  take(spec: SubjectSpec, dealt: TumourCourse): Recast | null {
    if (spec.protected || spec.revision) return null;
    for (const recast of this.open) {
      if (!fits(recast, dealt)) continue;
      this.open.delete(recast);
      return recast;
    }
    return null;
  }
}

/**
 * Targets in complete response (every target non-nodal, so the sum reaches 0 mm; non-targets gone too), then one
 * target measured again at the dealt progression's follow-up: over a nadir of 0 mm any measurement of 5 mm or more
 * is progression (RECIST 1.1: +20 % and +5 mm over the nadir).
 */
function reappearingCourse(rng: Rng, study: StudyCtx, imaging: Imaging, pdAt: number): TumourCourse {
  const spec: SubjectSpec = { kind: "CR", nonTargetCr: true, protected: true };
  const defs = baselineLesions(rng, study, spec, imaging);
  const response = simulateTumour(rng, spec, defs, pdAt - 1, imaging);
  if (response.pdIndex !== null) throw new Error("a course planned as a complete response progressed");
  const last = response.series[response.series.length - 1];
  const back = rng.pick(last.filter((r) => r.def.category === "Target"));
  const returned = last.map((r) =>
    r === back ? { ...r, state: "Present", value: round1(rng.range(6, 12)) } : { ...r },
  );
  return { series: [...response.series, returned], pdIndex: pdAt };
}

/** The recast course, drawn from its own stream, over the dealt course's scans. */
export function recastCourse(
  recast: Recast,
  rng: Rng,
  study: StudyCtx,
  imaging: Imaging,
  dealt: TumourCourse,
): TumourCourse {
  if (recast === "target reappears") return reappearingCourse(rng, study, imaging, dealt.pdIndex as number);
  return nonTargetCourse(rng, study, recast, imaging, dealt.series.length - 1, dealt.pdIndex);
}
