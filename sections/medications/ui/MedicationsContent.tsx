/**
 * The medications section's content (a server component): subjects per drug
 * as n (%) of the Group's members, each count opening the drug's records,
 * then the listing (./MedicationListing).
 */
import { DataTable } from "@/components/data-table/DataTable";
import { packTable } from "@/lib/tables/packed-rows";
import type { SectionPlace } from "@/sections/frame/section-place";
import { NoRecordsYet } from "@/sections/frame/ui/NoRecordsYet";
import type { MedicationsView } from "../load";
import { drugTable, MEDICATION_TABLES } from "../tables";
import { MedicationListing } from "./MedicationListing";

export function MedicationsContent({ view, place }: { view: MedicationsView; place: SectionPlace }) {
  if (view.counts.records === 0) return <NoRecordsYet records="medications" study={place.study} />;

  return (
    <>
      <h3>Subjects per drug</h3>
      <p>
        n counts each member of the study&apos;s Group with a record of the drug once; % is of N = {view.members} Group
        members. Each count opens the drug&apos;s records.
      </p>
      <DataTable
        {...packTable(drugTable(view, place.base, place.study))}
        exportAs={MEDICATION_TABLES.key("per-drug")}
      />
      <MedicationListing view={view} place={place} />
    </>
  );
}
