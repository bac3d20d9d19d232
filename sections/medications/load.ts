/**
 * The medications view of a study, from the cached Group, Patient and
 * MedicationStatement rows: subjects per drug as n (%) of the Group's members,
 * the counts behind the data notes (both computed once per cached entry), and
 * the records the listing shows for the URL's filters (one drug, open-ended
 * only). The listing's rows stay on the server unless the page decides they
 * are few enough for the browser's table.
 */

import type { MedicationRow } from "@/lib/clinical/medications/rows";
import {
  type DrugCount,
  drugCounts,
  groupPopulation,
  isOpenEnded,
  type MedicationDataCounts,
  medicationCounts,
} from "@/lib/clinical/medications/summary";
import { derived, derivedOf } from "@/lib/study/derived";
import { type SectionData, sectionData } from "@/lib/study/section-data";
import type { StudyData } from "@/lib/study/study-rows";
import type { MedicationQuery } from "./query";

/** The query's parser where the vital-sign exports' test (sections/vital-signs/exports.test.ts) imports it. */

export interface MedicationsView extends SectionData {
  /** N: the Group's distinct members, and the subject IDs the members' Patients have. */
  members: number;
  memberSubjects: ReadonlySet<string>;
  drugs: DrugCount[];
  /** The URL's filters that the data has (a drug it does not know is dropped). */
  filter: MedicationQuery;
  /** The records that pass the filters (server only, unless few). */
  listing: readonly MedicationRow[];
  counts: MedicationDataCounts;
}

export async function loadMedications(study: StudyData, query: MedicationQuery): Promise<MedicationsView> {
  const [group, patients, meds] = await Promise.all([
    study.rows("Group"),
    study.rows("Patient"),
    study.rows("MedicationStatement"),
  ]);
  const summary = derived("medications:summary", [meds.value, group.value, patients.value], () => {
    const population = groupPopulation(
      group.value.rows.flatMap((g) => g.members),
      patients.value.rows,
    );
    const rows = meds.value.rows;
    return {
      members: population.n,
      memberSubjects: population.subjectIds,
      drugs: drugCounts(rows, population),
      counts: medicationCounts(rows, population),
    };
  });
  const filter: MedicationQuery = {
    drug: summary.drugs.some((d) => d.drug === query.drug) ? query.drug : undefined,
    ongoing: query.ongoing,
  };
  return {
    ...sectionData({ Group: group, Patient: patients, MedicationStatement: meds }),
    ...summary,
    filter,
    listing: filteredRows(meds.value, filter),
  };
}

/** The same array for the same filters while the entry is cached; only drugs the data has are named. */
function filteredRows(entry: { rows: MedicationRow[] }, filter: MedicationQuery): readonly MedicationRow[] {
  const { drug, ongoing } = filter;
  if (drug === undefined && !ongoing) return entry.rows;
  return derivedOf("medications:listing", JSON.stringify(filter), [entry], () =>
    entry.rows.filter((m) => (drug === undefined || m.drug === drug) && (!ongoing || isOpenEnded(m))),
  );
}
