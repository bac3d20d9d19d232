/**
 * The medications section's tables as the page shows them and their exports write them: subjects per drug, and
 * the listing (docs/clinical-rules.md, Medications), whose subject leads to its profile; an absent dose or start
 * reads "not recorded", an open end "ongoing", and a date that was sent but cannot be read is shown as sent,
 * marked, never taken for an open end.
 */

import type { MedicationRow } from "@/lib/clinical/medications/rows";
import { isOpenEnded } from "@/lib/clinical/medications/summary";
import type { TableColumn } from "@/lib/tables/server-table";
import type { PlainTable, TableDef } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { DEFAULT_PAGE_SIZES } from "@/lib/tables/url-state";
import { exportKeys } from "@/sections/frame/export-keys";
import { subjectColumn } from "@/sections/frame/subject-column";
import type { MedicationsView } from "./load";
import { DRUG_PREFIX, LISTING_PREFIX, medicationHref } from "./query";

export const NOT_RECORDED = "not recorded";
export const ONGOING = "ongoing";
export const NO_SUBJECT = "The record names no subject.";
export const NOT_IN_GROUP = "Subject not in the study's Group: not counted per drug.";

/** The section's exportable tables. */
export const MEDICATION_TABLES = exportKeys("medications", ["per-drug", "listing"]);

const DRUG_COLUMNS: DataColumn[] = [
  { id: "drug", header: "Drug", variable: "CMTRT" },
  { id: "subjects", header: "Subjects (n)", type: "number", href: "subjects_href" },
  { id: "percent", header: "% of N", type: "number" },
  { id: "records", header: "Records", type: "number", href: "records_href" },
  { id: "openEnded", header: "Ongoing (open-ended) records", type: "number", href: "openEnded_href" },
];

/** Subjects per drug as n (%) of the Group's members, each count opening the drug's records. */
export function drugTable(view: MedicationsView, base: string, study: string): PlainTable {
  const rows: DataRow[] = view.drugs.map((d) => ({
    drug: d.drug,
    subjects: d.subjects,
    subjects_href: medicationHref(base, { drug: d.drug, ongoing: false }),
    percent: d.percent,
    records: d.records,
    records_href: medicationHref(base, { drug: d.drug, ongoing: false }),
    openEnded: d.openEnded,
    openEnded_href: d.openEnded > 0 ? medicationHref(base, { drug: d.drug, ongoing: true }) : null,
  }));
  return {
    caption: `Subjects per drug in study ${study}: n (%) of N = ${view.members.toLocaleString("en")}`,
    columns: DRUG_COLUMNS,
    rows,
    urlPrefix: DRUG_PREFIX,
  };
}

const unreadable = (text: string) => `unreadable: ${text}`;

export function medicationColumns(
  studyHref: string,
  inGroup: (subjectId: string) => boolean,
): TableColumn<MedicationRow>[] {
  return [
    subjectColumn(studyHref),
    { id: "drug", header: "Drug", variable: "CMTRT", value: (m) => m.drug },
    { id: "dose", header: "Dose", variable: "CMDOSE", type: "number", value: (m) => m.dose ?? NOT_RECORDED },
    { id: "unit", header: "Dose unit", variable: "CMDOSU", value: (m) => m.doseUnit ?? NOT_RECORDED },
    { id: "route", header: "Route", variable: "CMROUTE", value: (m) => m.route },
    { id: "method", header: "Method", value: (m) => m.method },
    { id: "directions", header: "Directions", value: (m) => m.directions },
    {
      id: "start",
      header: "Start",
      variable: "CMSTDTC",
      value: (m) => m.start ?? (m.unreadableStart !== null ? unreadable(m.unreadableStart) : NOT_RECORDED),
    },
    {
      id: "end",
      header: "End",
      variable: "CMENDTC",
      value: (m) => m.end ?? (isOpenEnded(m) ? ONGOING : unreadable(m.unreadableEnd ?? "")),
    },
    { id: "source", header: "Source type", value: (m) => m.sourceType },
    {
      id: "note",
      header: "Note",
      value: (m) => (m.subjectId === null ? NO_SUBJECT : inGroup(m.subjectId) ? null : NOT_IN_GROUP),
    },
  ];
}

/** The listing as its page shows it (the browser's table or the server's) and its export writes it. */
export function medicationListingDef(view: MedicationsView, studyHref: string): TableDef<MedicationRow> {
  const columns = medicationColumns(studyHref, (id) => view.memberSubjects.has(id));
  return {
    columns,
    rows: view.listing,
    state: { columns: columns.map((c) => c.id), pageSizes: [...DEFAULT_PAGE_SIZES], prefix: LISTING_PREFIX },
  };
}

/** The listing's caption: the drug a count chose and the quick filter, which the export's title repeats. */
export function medicationListingCaption(view: MedicationsView, study: string): string {
  const { drug, ongoing } = view.filter;
  return `Medications of study ${study}${drug !== undefined ? `: ${drug}` : ""}${ongoing ? ", ongoing only" : ""}`;
}
