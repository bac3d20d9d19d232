/**
 * The medications view of a study, from the cached Group, Patient, AdverseEvent and MedicationStatement rows: the
 * study drug's exposure (its records are exposure, not concomitant medication: docs/clinical-rules.md,
 * Medications), the concomitant medications' subjects per drug as n (%) of the Group's members, the counts behind
 * the data notes of each kind (all computed once per cached entries), and the records the listing shows for the
 * URL's filters (one drug, open-ended only, one kind). The listing's rows stay on the server unless the page
 * decides they are few enough for the browser's table.
 */

import { isStudyMedication } from "@/lib/clinical/exposure/study-drug";
import { type ExposureSummary, exposureSummary, splitStudyDrug } from "@/lib/clinical/medications/exposure-summary";
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
import { loadStudyExposure } from "@/lib/study/study-exposure";
import type { StudyData } from "@/lib/study/study-rows";
import type { MedicationQuery } from "./query";

export interface MedicationsView extends SectionData {
  /** N: the Group's distinct members, and the subject IDs the members' Patients have. */
  members: number;
  memberSubjects: ReadonlySet<string>;
  /** The investigational products the adverse events name (lower case): what makes a record the study drug. */
  products: readonly string[];
  /** The study drug's exposure of the Group's members. */
  exposure: ExposureSummary;
  /** Subjects per drug, of the concomitant medications only. */
  drugs: DrugCount[];
  /** The URL's filters that the data has (a drug it does not know is dropped). */
  filter: MedicationQuery;
  /** The records that pass the filters (server only, unless few). */
  listing: readonly MedicationRow[];
  /** Every record of the study, of both kinds. */
  records: number;
  /** The counts behind the data notes: the concomitant medications', and the study drug's records'. */
  counts: MedicationDataCounts;
  studyDrugCounts: MedicationDataCounts;
}

export async function loadMedications(study: StudyData, query: MedicationQuery): Promise<MedicationsView> {
  const [group, patients, aes, meds, exposure] = await Promise.all([
    study.rows("Group"),
    study.rows("Patient"),
    study.rows("AdverseEvent"),
    study.rows("MedicationStatement"),
    loadStudyExposure(study),
  ]);
  const summary = derived("medications:summary", [meds.value, group.value, patients.value, aes.value], () => {
    const population = groupPopulation(
      group.value.rows.flatMap((g) => g.members),
      patients.value.rows,
    );
    const { studyDrug, concomitant } = splitStudyDrug(meds.value.rows, exposure.products);
    return {
      members: population.n,
      memberSubjects: population.subjectIds,
      products: exposure.products,
      exposure: exposureSummary(exposure.bySubject, population),
      drugs: drugCounts(concomitant, population),
      drugNames: new Set(meds.value.rows.map((m) => m.drug)),
      counts: medicationCounts(concomitant, population),
      studyDrugCounts: medicationCounts(studyDrug, population),
    };
  });
  const { drugNames, ...shown } = summary;
  const filter: MedicationQuery = {
    drug: query.drug !== undefined && drugNames.has(query.drug) ? query.drug : undefined,
    ongoing: query.ongoing,
    kind: query.kind,
  };
  return {
    ...sectionData({ Group: group, Patient: patients, AdverseEvent: aes, MedicationStatement: meds }),
    ...shown,
    filter,
    listing: filteredRows(meds.value, aes.value, filter, summary.products),
    records: meds.value.rows.length,
  };
}

/**
 * The same array for the same filters while the entries are cached (the adverse events name the study drug); only
 * drugs the data has are named.
 */
function filteredRows(
  entry: { rows: MedicationRow[] },
  adverseEvents: object,
  filter: MedicationQuery,
  products: readonly string[],
): readonly MedicationRow[] {
  const { drug, ongoing, kind } = filter;
  if (drug === undefined && !ongoing && kind === undefined) return entry.rows;
  return derivedOf("medications:listing", JSON.stringify(filter), [entry, adverseEvents], () =>
    entry.rows.filter(
      (m) =>
        (drug === undefined || m.drug === drug) &&
        (!ongoing || isOpenEnded(m)) &&
        (kind === undefined || isStudyMedication(m, products) === (kind === "study-drug")),
    ),
  );
}
