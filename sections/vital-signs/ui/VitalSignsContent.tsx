/**
 * The vital-signs section's content (a server component): the item chooser,
 * the chosen group's summary by visit and its distribution chart (numbers)
 * or its counts per text (text results, never plotted), and the listing of
 * its records (./VitalListing); above them, the listing of every item's
 * records that a data note counts or that one visit holds (`issue=`, `at=`).
 */
import { DataTable } from "@/components/data-table/DataTable";
import { vitalGroupLabel } from "@/lib/clinical/vital-signs/groups";
import type { VitalGroupSummary } from "@/lib/clinical/vital-signs/study";
import { packTable } from "@/lib/tables/packed-rows";
import type { SectionPlace } from "@/sections/frame/section-place";
import { ChoiceLinks } from "@/sections/frame/ui/ChoiceLinks";
import { Convention } from "@/sections/frame/ui/Convention";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { IssueListing } from "@/sections/frame/ui/IssueListing";
import { NoRecordsYet } from "@/sections/frame/ui/NoRecordsYet";
import { VisitPart } from "@/sections/frame/ui/VisitListing";
import { boxRows, distributionTitle } from "../distribution-table";
import { issueListingOf, visitListingCaption } from "../listing-table";
import type { VitalSignsView } from "../load";
import { ISSUE_ANCHOR, vitalHref } from "../query";
import { vitalSummaryTable } from "../summary-table";
import { VITAL_TABLES } from "../tables";
import { VitalDistributionChart } from "./VitalDistributionChart";
import { VitalListing } from "./VitalListing";

const SUMMARY = VITAL_TABLES.key("summary");

export function VitalSignsContent({ view, place }: { view: VitalSignsView; place: SectionPlace }) {
  const g = view.chosen;
  if (!g) return <NoRecordsYet records="vital signs" study={place.study} />;
  const label = vitalGroupLabel(g);
  return (
    <>
      {view.issue ? (
        <IssueListing
          issue={view.issue}
          anchor={ISSUE_ANCHOR}
          closeHref={place.base}
          of={issueListingOf(place.study)}
          testHeader="Item"
          studyHref={place.studyHref}
          searchParams={place.searchParams}
          exportAs={VITAL_TABLES.key("issue")}
        />
      ) : null}
      <VisitPart
        visit={view.visit}
        unknown={view.unknownVisit}
        records="records"
        closeHref={place.base}
        caption={(visit) => visitListingCaption(place.study, visit)}
        testHeader="Item"
        studyHref={place.studyHref}
        searchParams={place.searchParams}
        exportAs={VITAL_TABLES.key("visit")}
      />
      <ChoiceLinks
        label="Vital-sign items"
        choices={view.groups.map((x) => ({
          href: vitalHref(place.base, x),
          label: vitalGroupLabel(x),
          current: x.test === g.test && x.unit === g.unit && x.kind === g.kind,
        }))}
      />
      <h3>{label}: summary by visit</h3>
      <HowComputed gist="n counts subjects, the last reading of each at a visit">
        <Convention anchor="one-reading-per-subject-and-visit">
          n counts subjects: of a subject&apos;s several readings at a visit, the last by collection time is summarised;
          the listing shows every record and says which are counted.
        </Convention>
        {g.kind === "number" ? (
          <p>
            SD is the sample standard deviation (n − 1); no SD for a single value. Mean, median and quartiles are shown
            with one decimal more than the data, SD with two more. Each n opens its records.
          </p>
        ) : (
          <p>Text results are counted per visit (subjects per text) and listed; they are never averaged or plotted.</p>
        )}
      </HowComputed>
      {g.kind === "number" ? (
        <NumberSummary g={g} label={label} place={place} groups={view.groups.length} />
      ) : (
        <TextSummary g={g} label={label} place={place} />
      )}
      <VitalListing view={view} group={g} label={label} place={place} />
    </>
  );
}

type PartProps = { g: VitalGroupSummary; label: string; place: SectionPlace };

function NumberSummary({ g, label, place, groups }: PartProps & { groups: number }) {
  return (
    <>
      <DataTable {...packTable(vitalSummaryTable(g, place.base))} exportAs={SUMMARY} />
      <VitalDistributionChart
        title={distributionTitle(label)}
        valueLabel={label}
        rows={boxRows(place.base, g)}
        shown={groups > 1 ? `Showing 1 of ${groups} vital-sign groups: ${label}. Choose another above.` : undefined}
      />
    </>
  );
}

function TextSummary({ g, place }: PartProps) {
  return <DataTable {...packTable(vitalSummaryTable(g, place.base))} exportAs={SUMMARY} />;
}
