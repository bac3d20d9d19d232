/**
 * The medications section's exports: the study drug's exposure (the study's counts and each subject's), subjects
 * per drug of the concomitant medications, and the listing with the drug, kind and quick filter chosen.
 */
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import type { PlainTable } from "@/lib/tables/table-def";
import { type Source, sourcesOf } from "@/sections/frame/export-source";
import { reviewedTable } from "@/sections/frame/reviewed-table";
import { exposureSubjectsTable, exposureTable } from "./exposure-tables";
import { loadMedications, type MedicationsView } from "./load";
import { parseMedicationQuery } from "./query";
import { drugTable, MEDICATION_TABLES, medicationListingCaption, medicationListingDef } from "./tables";

/** A plain table of the view, written with its file label. */
const plain =
  (fileLabel: string, table: (view: MedicationsView, study: string) => PlainTable): Source =>
  async (access, { params: searchParams }) => {
    const view = await loadMedications(access, parseMedicationQuery(searchParams));
    return plainTableExport(table(view, access.study), searchParams, { fileLabel, asOf: view.asOf });
  };

export const MEDICATION_SOURCES = sourcesOf(MEDICATION_TABLES, {
  exposure: plain("study-drug-exposure", (view, study) => exposureTable(view, "", study)),
  "exposure-subjects": plain("study-drug-exposure-per-subject", (view) => exposureSubjectsTable(view, "", "")),
  "per-drug": plain("medications-per-drug", (view, study) => drugTable(view, "", study)),
  listing: async (access, { params: searchParams }) => {
    const view = await loadMedications(access, parseMedicationQuery(searchParams));
    return tableExport(await reviewedTable(medicationListingDef(view, ""), access), searchParams, {
      title: medicationListingCaption(view, access.study),
      fileLabel: "medications",
      asOf: view.asOf,
    });
  },
});
