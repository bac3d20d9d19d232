/**
 * The medications section's content (a server component): subjects per drug
 * as n (%) of the Group's members, each count opening the drug's records,
 * then the listing (./MedicationListing).
 */
import { DataTable } from "@/components/data-table/DataTable";
import { csvFileName } from "@/lib/export/csv";
import type { MedicationsView } from "@/lib/study-views/load-medications";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import type { SectionPlace } from "../study/section-page";
import { MedicationListing } from "./MedicationListing";
import { medicationHref } from "./medication-href";

const DRUG_COLUMNS: DataColumn[] = [
  { id: "drug", header: "Drug" },
  { id: "subjects", header: "Subjects (n)", type: "number", href: "subjects_href" },
  { id: "percent", header: "% of N", type: "number" },
  { id: "records", header: "Records", type: "number", href: "records_href" },
  { id: "openEnded", header: "Ongoing (open-ended) records", type: "number", href: "openEnded_href" },
];

export function MedicationsContent({ view, place }: { view: MedicationsView; place: SectionPlace }) {
  if (view.counts.records === 0)
    return (
      <p>The partner service sends no medications for study {place.study} yet. Press Refresh later to check again.</p>
    );
  const rows: DataRow[] = view.drugs.map((d) => ({
    drug: d.drug,
    subjects: d.subjects,
    subjects_href: medicationHref(place.base, { drug: d.drug, ongoing: false }),
    percent: d.percent,
    records: d.records,
    records_href: medicationHref(place.base, { drug: d.drug, ongoing: false }),
    openEnded: d.openEnded,
    openEnded_href: d.openEnded > 0 ? medicationHref(place.base, { drug: d.drug, ongoing: true }) : null,
  }));
  return (
    <>
      <h3>Subjects per drug</h3>
      <p>
        n counts each member of the study&apos;s Group with a record of the drug once; % is of N = {view.members} Group
        members. Each count opens the drug&apos;s records.
      </p>
      <DataTable
        caption={`Subjects per drug in study ${place.study}: n (%) of N = ${view.members}`}
        columns={DRUG_COLUMNS}
        rows={rows}
        fileName={csvFileName("medications", place.study, "per-drug")}
        urlPrefix="drug_"
      />
      <MedicationListing view={view} place={place} />
    </>
  );
}
