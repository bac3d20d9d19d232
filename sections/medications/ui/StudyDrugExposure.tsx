/**
 * The study drug's exposure on the Medications page (a server component): the study's counts as n (%) of the
 * Group's members, then a row per member with a study-drug record (first and last dose, on drug, days on drug,
 * dose changes, records), each count opening its records (../exposure-tables.ts).
 */
import { DataTable } from "@/components/data-table/DataTable";
import { packTable } from "@/lib/tables/packed-rows";
import type { SectionPlace } from "@/sections/frame/section-place";
import { Convention } from "@/sections/frame/ui/Convention";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { exposureSubjectsTable, exposureTable } from "../exposure-tables";
import type { MedicationsView } from "../load";
import { EXPOSURE_ANCHOR } from "../query";
import { MEDICATION_TABLES } from "../tables";

export function StudyDrugExposure({ view, place }: { view: MedicationsView; place: SectionPlace }) {
  if (view.products.length === 0 && view.studyDrugCounts.records === 0)
    return (
      <>
        <h3>Study drug exposure</h3>
        <p>
          No study-drug record: the adverse events name no suspect product and no source type says study drug, so every
          record is counted as a concomitant medication.
        </p>
      </>
    );
  return (
    <>
      <h3>Study drug exposure</h3>
      <HowComputed gist="days on drug from the first dose to the last, both included">
        <Convention anchor="exposure-per-subject">
          Days on drug count from the first dose to the last, both included, breaks not taken off; a dose change is a
          record whose drug, dose or unit differs from the one before.
        </Convention>
      </HowComputed>
      <DataTable
        {...packTable(exposureTable(view, place.base, place.study))}
        exportAs={MEDICATION_TABLES.key("exposure")}
      />
      <section aria-labelledby={EXPOSURE_ANCHOR}>
        <h4 id={EXPOSURE_ANCHOR}>Per subject</h4>
        <DataTable
          {...packTable(exposureSubjectsTable(view, place.base, place.studyHref))}
          exportAs={MEDICATION_TABLES.key("exposure-subjects")}
        />
      </section>
    </>
  );
}
