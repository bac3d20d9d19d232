/** The medications section's exports: subjects per drug, and the listing with the drug and quick filter chosen. */
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import { sourcesOf } from "@/sections/frame/export-source";
import { loadMedications, parseMedicationQuery } from "@/sections/medications/load";
import { MEDICATION_TABLES, medicationListingCaption, medicationListingDef } from "./tables";
import { drugTable } from "./ui/medication-drugs";

export const MEDICATION_SOURCES = sourcesOf(MEDICATION_TABLES, {
  "per-drug": async (access, { params }) => {
    const view = await loadMedications(access, parseMedicationQuery(params));
    return plainTableExport(drugTable(view, "", access.study), params, {
      fileLabel: "medications-per-drug",
      asOf: view.asOf,
    });
  },
  listing: async (access, { params }) => {
    const view = await loadMedications(access, parseMedicationQuery(params));
    return tableExport(medicationListingDef(view, ""), params, {
      title: medicationListingCaption(view, access.study),
      fileLabel: "medications",
      asOf: view.asOf,
    });
  },
});
