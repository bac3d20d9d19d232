/**
 * What the domains read of a subject's exposure to the study drug (docs/clinical-rules.md, Exposure per subject): DM's
 * reference dates, and the study days (--DY) that count from RFSTDTC, the first dose, as day 1.
 */

import { studyDay } from "../common/dates";
import type { SubjectExposure } from "../exposure/exposure";

export type ReferenceDates = Pick<SubjectExposure, "firstDose" | "lastDose" | "ongoing">;

/** Per subject ID, its exposure to the study drug; a subject without a study-drug record is absent. */
export type ExposureBySubject = ReadonlyMap<string, ReferenceDates>;

/** A subject's RFSTDTC, day 1 of its study days: the first dose; null without a subject or a known first dose. */
export const dayOneOf = (exposure: ExposureBySubject, subjectId: string | null) =>
  subjectId === null ? null : (exposure.get(subjectId)?.firstDose ?? null);

/** The study day of a date against day 1: the day before day 1 is -1, there is no day 0; null without either. */
export const dayOf = (date: string | null, dayOne: string | null) =>
  date === null || dayOne === null ? null : studyDay(date, dayOne);
