/**
 * A study narrowed to the subjects the study filter keeps (./study-filter.ts; docs/design.md, The study filter):
 * the same rows() as the study's, each record type's rows kept only for those subjects, so that every section's one
 * loader counts and lists them alone without knowing of the filter. The Group keeps only their members, so that N
 * of every percentage is the filtered population. What belongs to the study rather than to its subjects (the
 * investigational products the adverse events name) is read from `whole`.
 *
 * The kept subjects and each record type's kept rows are memoised per cached entry and filter (lib/study/derived.ts),
 * so that the views derived from them are computed once per filter too.
 */
import { aeStudy } from "@/lib/clinical/adverse-events/study";
import { derived, derivedOf } from "@/lib/study/derived";
import type { StudyData, StudyRows } from "@/lib/study/study-rows";
import type { CachedRecordType, CachedRows } from "@/lib/study-cache/row-mappers";
import { isStudyFiltered, type StudyFilter, studyFilterKey } from "./study-filter";

/** The subjects a filter keeps. */
export interface Population {
  /** Patient IDs kept. */
  ids: ReadonlySet<string>;
  /** Their subject study numbers: the Group's members kept. */
  numbers: ReadonlySet<string>;
  /** Every Patient of the study, before the filter. */
  of: number;
  /** Subject IDs the filter names that no Patient of the study has. */
  unknown: readonly string[];
}

/** The subjects `filter` keeps among the study's Patients (subgroups: of the Group's members only). */
export async function populationOf(study: StudyData, filter: StudyFilter): Promise<Population> {
  const withAge = filter.subgroup.age !== undefined;
  const [group, patients, events] = await Promise.all([
    study.rows("Group"),
    study.rows("Patient"),
    withAge ? study.rows("AdverseEvent") : null,
  ]);
  const deps: [object, ...object[]] = [patients.value, group.value, ...(events ? [events.value] : [])];
  return derivedOf("study filter: population", studyFilterKey(filter), deps, () => {
    // The adverse events' subgroups (docs/clinical-rules.md): the age group at the year of the members' first event.
    const subgroups = aeStudy({
      members: group.value.rows.flatMap((g) => g.members),
      patients: patients.value.rows,
      events: events?.value.rows ?? [],
    }).bySubjectId;
    const chosen = new Set(filter.subjects);
    const wanted = Object.entries(filter.subgroup) as [keyof typeof filter.subgroup, string][];
    const ids = new Set<string>();
    const numbers = new Set<string>();
    for (const p of patients.value.rows) {
      if (chosen.size > 0 && !chosen.has(p.subjectId)) continue;
      const member = subgroups.get(p.subjectId);
      if (wanted.some(([kind, value]) => member?.subgroup[kind] !== value)) continue;
      ids.add(p.subjectId);
      if (p.subjectStudyNumber !== null) numbers.add(p.subjectStudyNumber);
    }
    const all = new Set(patients.value.rows.map((p) => p.subjectId));
    return { ids, numbers, of: all.size, unknown: filter.subjects.filter((id) => !all.has(id)) };
  });
}

/**
 * The year the adverse events' age groups are computed at in the whole study (docs/clinical-rules.md, Adverse events
 * in a study), for a study the filter narrows: its sections keep it, so that a subject's age group is the one the
 * filter chose it by. Undefined for a study that is not narrowed (it computes its own).
 */
export async function wholeStudyAgeYear(study: StudyData): Promise<number | null | undefined> {
  if (!study.whole) return undefined;
  const [group, patients, events] = await Promise.all([
    study.whole.rows("Group"),
    study.whole.rows("Patient"),
    study.whole.rows("AdverseEvent"),
  ]);
  return derived(
    "study filter: age reference year",
    [events.value, group.value, patients.value],
    () =>
      aeStudy({
        members: group.value.rows.flatMap((g) => g.members),
        patients: patients.value.rows,
        events: events.value.rows,
      }).ageReferenceYear,
  );
}

type AnyRows = CachedRows<{ subjectId?: string | null; members?: string[] }>;

/** A record type's rows of the kept subjects only (a Group: its kept members). */
function narrowed(type: CachedRecordType, cached: AnyRows, population: Population): AnyRows {
  if (type === "Group")
    return {
      ...cached,
      rows: cached.rows.map((g) => ({ ...g, members: (g.members ?? []).filter((n) => population.numbers.has(n)) })),
    };
  return {
    ...cached,
    rows: cached.rows.filter(
      (r) => r.subjectId !== null && r.subjectId !== undefined && population.ids.has(r.subjectId),
    ),
  };
}

/**
 * Filters whose rows a record type keeps at once: a narrowed copy of a million laboratory results holds a reference
 * per kept row, so few are kept (the least recently used go first).
 */
const ROWS_KEPT = 4;

/** The study as `filter` narrows it (the study itself when the filter chooses nothing). */
export function filteredStudy<S extends StudyData>(study: S, filter: StudyFilter): S {
  if (!isStudyFiltered(filter)) return study;
  const key = studyFilterKey(filter);
  const rows = (async (type: CachedRecordType) => {
    const [hit, population] = await Promise.all([study.rows(type), populationOf(study, filter)]);
    const cached = hit.value as unknown as AnyRows;
    const value = derivedOf(
      `study filter: ${type}`,
      key,
      [cached, population],
      () => narrowed(type, cached, population),
      ROWS_KEPT,
    );
    return { ...hit, value };
  }) as StudyRows;
  return { ...study, rows, whole: study.whole ?? study };
}
