/**
 * The medications section's content (a server component): the study drug's exposure (./StudyDrugExposure), then
 * the concomitant medications' subjects per drug as n (%) of the Group's members, each count opening the drug's
 * records, then the listing of every record (./MedicationListing).
 */
import { DataTable } from "@/components/data-table/DataTable";
import { packTable } from "@/lib/tables/packed-rows";
import type { SectionPlace } from "@/sections/frame/section-place";
import { Convention } from "@/sections/frame/ui/Convention";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { NoRecordsYet } from "@/sections/frame/ui/NoRecordsYet";
import type { MedicationsView } from "../load";
import { drugTable, MEDICATION_TABLES } from "../tables";
import { MedicationListing } from "./MedicationListing";
import { StudyDrugExposure } from "./StudyDrugExposure";

export function MedicationsContent({ view, place }: { view: MedicationsView; place: SectionPlace }) {
  if (view.records === 0) return <NoRecordsYet records="medications" study={place.study} />;

  return (
    <>
      <HowComputed gist="the study drug is exposure, not a concomitant medication">
        <Convention anchor="which-records-are-the-study-drug">
          The study drug is exposure, not a concomitant medication: its records (a drug naming a suspect product of the
          adverse events{view.products.length > 0 ? `: ${view.products.join(", ")}` : ", none named"}) are summarised
          below as exposure and left out of the subjects per drug; the listing shows every record, marked by kind.
        </Convention>
      </HowComputed>
      <StudyDrugExposure view={view} place={place} />
      <h3>Concomitant medications: subjects per drug</h3>
      <HowComputed gist={`n (%) of N = ${view.members} Group members`}>
        <p>
          n counts each member of the study&apos;s Group with a concomitant record of the drug once; % is of N ={" "}
          {view.members} Group members. Each count opens the drug&apos;s records.
        </p>
      </HowComputed>
      <DataTable
        {...packTable(drugTable(view, place.base, place.study))}
        exportAs={MEDICATION_TABLES.key("per-drug")}
      />
      <MedicationListing view={view} place={place} />
    </>
  );
}
