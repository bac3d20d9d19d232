/**
 * The medications section's tables as the page shows them and their exports write them: subjects per drug of the
 * concomitant medications, and the listing of every record, each marked as the study drug or a concomitant
 * medication (docs/clinical-rules.md, Medications), whose subject leads to its profile; an absent dose or start
 * reads "not recorded", an open end "ongoing", and a date that was sent but cannot be read is shown as sent,
 * marked, never taken for an open end. The study drug's exposure tables are in ./exposure-tables.ts.
 */

import { isStudyMedication } from "@/lib/clinical/exposure/study-drug";
import type { MedicationRow } from "@/lib/clinical/medications/rows";
import { isOpenEnded } from "@/lib/clinical/medications/summary";
import type { TableColumn } from "@/lib/tables/server-table";
import type { PlainTable, TableDef } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { DEFAULT_PAGE_SIZES } from "@/lib/tables/url-state";
import { exportKeys } from "@/sections/frame/export-keys";
import { subjectColumn } from "@/sections/frame/subject-column";
import type { MedicationsView } from "./load";
import { DRUG_PREFIX, LISTING_PREFIX, type MedicationKind, medicationHref } from "./query";

export const NOT_RECORDED = "not recorded";
export const ONGOING = "ongoing";
export const NO_SUBJECT = "The record names no subject.";
export const NOT_IN_GROUP = "Subject not in the study's Group: not counted per drug.";
/** The listing's Kind cell of each kind of record. */
export const KIND_CELL: Record<MedicationKind, string> = { concomitant: "concomitant", "study-drug": "study drug" };
/** The kinds in words, as a filter of the listing names them. */
export const KIND_WORDS: Record<MedicationKind, string> = {
  concomitant: "concomitant medications",
  "study-drug": "the study drug",
};

/** The section's exportable tables. */
export const MEDICATION_TABLES = exportKeys("medications", ["exposure", "exposure-subjects", "per-drug", "listing"]);

const DRUG_COLUMNS: DataColumn[] = [
  { id: "drug", header: "Drug", variable: "CMTRT" },
  { id: "subjects", header: "Subjects (n)", type: "number", href: "subjects_href" },
  { id: "percent", header: "% of N", type: "number" },
  { id: "records", header: "Records", type: "number", href: "records_href" },
  { id: "openEnded", header: "Ongoing (open-ended) records", type: "number", href: "openEnded_href" },
];

/**
 * Subjects per drug of the concomitant medications as n (%) of the Group's members, each count opening the drug's
 * concomitant records (the study drug is exposure: ./exposure-tables.ts).
 */
export function drugTable(view: MedicationsView, base: string, study: string): PlainTable {
  const of = (drug: string, ongoing: boolean) => medicationHref(base, { drug, ongoing, kind: "concomitant" });
  const rows: DataRow[] = view.drugs.map((d) => ({
    drug: d.drug,
    subjects: d.subjects,
    subjects_href: of(d.drug, false),
    percent: d.percent,
    records: d.records,
    records_href: of(d.drug, false),
    openEnded: d.openEnded,
    openEnded_href: d.openEnded > 0 ? of(d.drug, true) : null,
  }));
  const n = view.members.toLocaleString("en");
  return {
    caption: `Subjects per drug in study ${study}: n (%) of N = ${n}, concomitant medications only`,
    columns: DRUG_COLUMNS,
    rows,
    urlPrefix: DRUG_PREFIX,
  };
}

const unreadable = (text: string) => `unreadable: ${text}`;

export function medicationColumns(
  studyHref: string,
  inGroup: (subjectId: string) => boolean,
  products: readonly string[],
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
    {
      id: "kind",
      header: "Kind",
      value: (m) => KIND_CELL[isStudyMedication(m, products) ? "study-drug" : "concomitant"],
    },
  ];
}

/** The listing as its page shows it (the browser's table or the server's) and its export writes it. */
export function medicationListingDef(view: MedicationsView, studyHref: string): TableDef<MedicationRow> {
  const columns = medicationColumns(studyHref, (id) => view.memberSubjects.has(id), view.products);
  return {
    columns,
    rows: view.listing,
    state: { columns: columns.map((c) => c.id), pageSizes: [...DEFAULT_PAGE_SIZES], prefix: LISTING_PREFIX },
    records: { recordType: "MedicationStatement", key: (m) => m.id },
  };
}

/** The listing's caption: the drug a count chose, the kind and the quick filter, which the export's title repeats. */
export function medicationListingCaption(view: MedicationsView, study: string): string {
  const { drug, ongoing, kind } = view.filter;
  const only = `${kind !== undefined ? `, ${KIND_WORDS[kind]} only` : ""}${ongoing ? ", ongoing only" : ""}`;
  return `Medications of study ${study}${drug !== undefined ? `: ${drug}` : ""}${only}`;
}
