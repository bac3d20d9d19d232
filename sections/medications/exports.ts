/** The medications section's exports: subjects per drug, and the listing with the drug and quick filter chosen. */
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import { sourcesOf } from "@/sections/frame/export-source";
import { loadMedications } from "./load";
import { parseMedicationQuery } from "./query";
import { drugTable, MEDICATION_TABLES, medicationListingCaption, medicationListingDef } from "./tables";

export const MEDICATION_SOURCES = sourcesOf(MEDICATION_TABLES, {
  "per-drug": async (access, { params: searchParams }) => {
    const view = await loadMedications(access, parseMedicationQuery(searchParams));
    return plainTableExport(drugTable(view, "", access.study), searchParams, {
      fileLabel: "medications-per-drug",
      asOf: view.asOf,
    });
  },
  listing: async (access, { params: searchParams }) => {
    const view = await loadMedications(access, parseMedicationQuery(searchParams));
    return tableExport(medicationListingDef(view, ""), searchParams, {
      title: medicationListingCaption(view, access.study),
      fileLabel: "medications",
      asOf: view.asOf,
    });
  },
});
