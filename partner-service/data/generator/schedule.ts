/**
 * Visit and imaging calendars. Treatment runs in 28-day cycles; tumours are
 * imaged every 6 weeks for the first 48 weeks and every 9 weeks after.
 * Progression ends treatment: the course is planned first, then cut at the
 * progression scan once the tumour course is known.
 */

import type { Course, Disposition, StudyCtx, SubjectCtx, SubjectSpec, Visit } from "./generator-types";
import type { Rng } from "./prng";

export const CYCLE_DAYS = 28;
export const MAX_FOLLOW_UPS = 25;

export interface Timeline {
  /** Planned day of each cycle (or 4-week block) start, cycle 1 first. */
  cycleDays: number[];
  stop: { cycle: number; day: number; reason: Disposition } | null;
}

const DROPOUT_REASONS: readonly (readonly [Disposition, number])[] = [
  ["adverse event", 45],
  ["withdrawal", 40],
  ["lost to follow-up", 15],
];

export function planTimeline(study: StudyCtx, subject: SubjectCtx, spec: SubjectSpec, rng: Rng): Timeline {
  const cycles = Math.max(1, study.plan.visits - 1);
  const cycleDays: number[] = [];
  for (let k = 1; k <= cycles; k++)
    cycleDays.push(subject.c1d1Day + CYCLE_DAYS * (k - 1) + (k > 1 ? rng.int(-2, 3) : 0));
  let stop: Timeline["stop"] = null;
  if (spec.death && cycles >= 2) {
    const cycle = rng.int(2, cycles);
    stop = { cycle, day: cycleDays[cycle - 1] + rng.int(4, 20), reason: "death" };
  } else if (!spec.protected && cycles >= 2 && rng.chance(study.oncology ? 0.16 : 0.12)) {
    const cycle = rng.int(1, cycles - 1);
    stop = { cycle, day: cycleDays[cycle - 1], reason: rng.weighted(DROPOUT_REASONS) };
  }
  return { cycleDays, stop };
}

/** Last day imaging can happen before progression is known. */
export function imagingEnd(timeline: Timeline): number {
  if (timeline.stop) return timeline.stop.day - (timeline.stop.reason === "death" ? 1 : 0);
  return timeline.cycleDays[timeline.cycleDays.length - 1] + 7;
}

/**
 * Scan days, baseline first. `skip` (1-based) drops one scheduled follow-up:
 * the missed-scan imperfection, seen as a double gap before the next scan.
 */
export function scanDays(subject: SubjectCtx, endDay: number, skip: number | null, rng: Rng): number[] {
  const days = [subject.baselineScanDay];
  for (let k = 1; days.length <= MAX_FOLLOW_UPS; k++) {
    const planned = subject.c1d1Day + (k <= 8 ? 42 * k : 336 + 63 * (k - 8));
    const day = planned + rng.int(-4, 4);
    if (day > endDay) break;
    if (k !== skip) days.push(day);
  }
  return days;
}

function visitLabel(oncology: boolean, cycle: number): string {
  if (oncology) return `Cycle ${cycle} Day 1`;
  return cycle === 1 ? "Day 1" : `Week ${(cycle - 1) * 4}`;
}

function cutOff(timeline: Timeline, pdDay: number | null): { lastDay: number; reason: Disposition } {
  if (pdDay !== null) return { lastDay: pdDay, reason: "progression" };
  if (timeline.stop) return { lastDay: timeline.cycleDays[timeline.stop.cycle - 1], reason: timeline.stop.reason };
  return { lastDay: Number.POSITIVE_INFINITY, reason: "ongoing" };
}

/** The visits actually attended, with End of Treatment where treatment stopped in an orderly way. */
export function finalizeCourse(
  study: StudyCtx,
  subject: SubjectCtx,
  timeline: Timeline,
  pdDay: number | null,
  rng: Rng,
): Course {
  const { lastDay, reason } = cutOff(timeline, pdDay);
  const visits: Visit[] = [{ label: "Screening", day: subject.screeningDay, cycle: 0 }];
  const attended = timeline.cycleDays.filter((day) => day <= lastDay);
  attended.forEach((day, i) => {
    const missed = i > 0 && i < attended.length - 1 && rng.chance(0.03);
    if (!missed) visits.push({ label: visitLabel(study.oncology, i + 1), day, cycle: i + 1 });
  });
  const last = visits[visits.length - 1].day;
  let lastContactDay = last + rng.int(0, 20);
  if (reason === "progression" || reason === "adverse event" || reason === "withdrawal") {
    const eot = Math.max(last + 3, (pdDay ?? last) + rng.int(5, 14));
    visits.push({ label: "End of Treatment", day: eot, cycle: -1 });
    lastContactDay = eot + 30;
  }
  if (reason === "lost to follow-up") lastContactDay = last;
  if (timeline.stop?.reason !== "death") return { visits, disposition: reason, lastContactDay, deathDay: null };
  // A subject planned to die who progressed first dies after End of Treatment.
  const deathDay = pdDay === null ? timeline.stop.day : visits[visits.length - 1].day + rng.int(3, 25);
  return { visits, disposition: "death", lastContactDay: deathDay, deathDay };
}
