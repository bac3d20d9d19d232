/**
 * Subjects per drug as n (%) of the Group's members, each count opening the drug's records: the table as the page
 * shows it and its export writes it.
 */

import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import type { MedicationsView } from "@/sections/medications/load";
import { medicationHref } from "../query";

const DRUG_COLUMNS: DataColumn[] = [
  { id: "drug", header: "Drug", variable: "CMTRT" },
  { id: "subjects", header: "Subjects (n)", type: "number", href: "subjects_href" },
  { id: "percent", header: "% of N", type: "number" },
  { id: "records", header: "Records", type: "number", href: "records_href" },
  { id: "openEnded", header: "Ongoing (open-ended) records", type: "number", href: "openEnded_href" },
];

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
    urlPrefix: "drug_",
  };
}
