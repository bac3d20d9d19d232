/**
 * A study's adverse events made ready for counting (docs/clinical-rules.md,
 * Adverse events in a study): each record once by its key, the Group's members
 * joined to Patients through `#SubjectStudyId` (the denominator N), each member's
 * subgroups (sex, age group, race), and which events belong to a member. Events
 * of anyone else are kept and counted, never silently dropped: the tables leave
 * them out because their subjects are not in N, the listing shows them.
 */

import type { SubjectDemographics } from "../subjects/demographics";
import type { AdverseEventRow } from "./rows";
import { isTreatmentEmergent, type TeaeStatus, teaeStatus } from "./teae";

export type SubgroupKind = "sex" | "age" | "race";
export const SUBGROUP_KINDS: readonly SubgroupKind[] = ["sex", "age", "race"];
export const SUBGROUP_TITLE: Readonly<Record<SubgroupKind, string>> = { sex: "Sex", age: "Age group", race: "Race" };

/** Age groups of the clinical study report's safety tables; "Unknown" without a birth year or reference year. */
export const AGE_GROUPS = ["Under 65", "65-74", "75 and over", "Unknown"] as const;
/** A subgroup value the partner did not send (no gender, no race). */
export const NOT_RECORDED = "Not recorded";

export interface AeSubject {
  /** Patient.id; null when no Patient has the member's subject study number. */
  subjectId: string | null;
  subjectStudyNumber: string;
  subgroup: Readonly<Record<SubgroupKind, string>>;
}

export interface AeStudy {
  /** The Group's distinct members, in the Group's order: N. */
  subjects: AeSubject[];
  /** Members by Patient.id. */
  bySubjectId: ReadonlyMap<string, AeSubject>;
  /** Every distinct event (the first record of each key), in the order sent. */
  events: AdverseEventRow[];
  /** Parallel to `events`: whether the event's subject is a member of the Group. */
  inGroup: readonly boolean[];
  /** Parallel to `events`: whether it is treatment-emergent, and why (./teae.ts). */
  teae: readonly TeaeStatus[];
  /** Each subject's first dose of the study drug (`YYYY-MM-DD`), for the subjects that have one. */
  firstDoses: ReadonlyMap<string, string>;
  /** Records whose key was sent before: not counted again. */
  duplicates: number;
  /** The year ages are computed at: the earliest start year of the members' events. */
  ageReferenceYear: number | null;
}

export interface AeStudyInput {
  members: readonly string[];
  patients: readonly SubjectDemographics[];
  events: readonly AdverseEventRow[];
  /**
   * First doses of the study drug by subject (lib/clinical/exposure/exposure.ts). Without it no subject has a
   * known first dose, and no event is treatment-emergent.
   */
  firstDoses?: ReadonlyMap<string, string | null>;
  /**
   * The year ages are computed at, when it is not these members' own: a study narrowed to some of its subjects (the
   * study filter) keeps the whole study's, so that a subject's age group does not change with the filter.
   */
  ageReferenceYear?: number | null;
}

export function aeStudy(input: AeStudyInput): AeStudy {
  const byNumber = new Map<string, SubjectDemographics>();
  for (const p of input.patients)
    if (p.subjectStudyNumber !== null && !byNumber.has(p.subjectStudyNumber)) byNumber.set(p.subjectStudyNumber, p);
  const members = [...new Set(input.members)].map((number) => ({ number, patient: byNumber.get(number) ?? null }));
  const memberIds = new Set(members.flatMap((m) => (m.patient ? [m.patient.subjectId] : [])));

  const seen = new Set<string>();
  const events: AdverseEventRow[] = [];
  for (const e of input.events) {
    if (seen.has(e.key)) continue;
    seen.add(e.key);
    events.push(e);
  }
  const inGroup = events.map((e) => e.subjectId !== null && memberIds.has(e.subjectId));
  const firstDoses = new Map<string, string>();
  for (const [subjectId, date] of input.firstDoses ?? []) if (date !== null) firstDoses.set(subjectId, date);
  const teae = events.map((e) =>
    teaeStatus(e.start, e.end, e.subjectId === null ? null : (firstDoses.get(e.subjectId) ?? null)),
  );
  const ageReferenceYear =
    input.ageReferenceYear !== undefined ? input.ageReferenceYear : earliestYear(events.filter((_, i) => inGroup[i]));

  const subjects: AeSubject[] = members.map(({ number, patient }) => ({
    subjectId: patient?.subjectId ?? null,
    subjectStudyNumber: number,
    subgroup: {
      sex: patient?.sex ?? NOT_RECORDED,
      age: ageGroup(patient?.birthYear ?? null, ageReferenceYear),
      race: patient?.race ?? NOT_RECORDED,
    },
  }));
  const bySubjectId = new Map<string, AeSubject>();
  for (const s of subjects) if (s.subjectId !== null && !bySubjectId.has(s.subjectId)) bySubjectId.set(s.subjectId, s);
  const duplicates = input.events.length - events.length;
  return { subjects, bySubjectId, events, inGroup, teae, firstDoses, duplicates, ageReferenceYear };
}

/**
 * The study with its treatment-emergent events only, for the tables of the TEAE view. N, the subjects, their
 * subgroups and the age reference year stay the whole study's: the choice of events changes no denominator.
 */
export function treatmentEmergentOnly(study: AeStudy): AeStudy {
  const keep = study.teae.map(isTreatmentEmergent);
  const pick = <T>(values: readonly T[]) => values.filter((_, i) => keep[i]);
  return { ...study, events: pick(study.events), inGroup: pick(study.inGroup), teae: pick(study.teae) };
}

/**
 * The age group at the reference year: age = reference year - birth year. Only the birth year is known, so the
 * age is the one the subject reaches during that year (at most one year above the age on any one day of it).
 */
export function ageGroup(birthYear: number | null, referenceYear: number | null): string {
  if (birthYear === null || referenceYear === null) return "Unknown";
  const age = referenceYear - birthYear;
  if (age < 65) return "Under 65";
  return age < 75 ? "65-74" : "75 and over";
}

function earliestYear(events: readonly AdverseEventRow[]): number | null {
  let year: number | null = null;
  for (const e of events) {
    const y = e.start === null ? null : Number(e.start.slice(0, 4));
    if (y !== null && (year === null || y < year)) year = y;
  }
  return year;
}

/**
 * The values of a subgroup among the members, each with its N: age groups in their fixed order, other kinds by
 * falling N then name, "Not recorded" last.
 */
export function subgroupValues(study: AeStudy, kind: SubgroupKind): { value: string; n: number }[] {
  const counts = new Map<string, number>();
  for (const s of study.subjects) counts.set(s.subgroup[kind], (counts.get(s.subgroup[kind]) ?? 0) + 1);
  const values = [...counts].map(([value, n]) => ({ value, n }));
  if (kind === "age") {
    const order = (v: string) => AGE_GROUPS.indexOf(v as (typeof AGE_GROUPS)[number]);
    return values.sort((a, b) => order(a.value) - order(b.value));
  }
  const last = (v: string) => (v === NOT_RECORDED ? 1 : 0);
  return values.sort((a, b) => last(a.value) - last(b.value) || b.n - a.n || a.value.localeCompare(b.value));
}
