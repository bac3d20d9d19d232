/** The medications section's exports: subjects per drug, and the listing with the drug and quick filter chosen. */
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import { loadMedications, parseMedicationQuery } from "@/lib/study-views/load-medications";
import { drugTable } from "../../medications/medication-drugs";
import { medicationListingCaption, medicationListingDef } from "../../medications/medication-listing";
import type { Sources } from "../source";

export const MEDICATION_SOURCES: Sources = {
  "medications:per-drug": async (access, { params }) => {
    const view = await loadMedications(access, parseMedicationQuery(params));
    return plainTableExport(drugTable(view, "", access.study), params, {
      fileLabel: "medications-per-drug",
      asOf: view.asOf,
    });
  },
  "medications:listing": async (access, { params }) => {
    const view = await loadMedications(access, parseMedicationQuery(params));
    return tableExport(medicationListingDef(view, ""), params, {
      title: medicationListingCaption(view, access.study),
      fileLabel: "medications",
      asOf: view.asOf,
    });
  },
};
