/**
 * The adverse-event section's content inside its frame: the overview, the table by term and worst grade, the
 * chart of the most frequent terms and the listing, every count leading to the listing of its records.
 */

import { packRows } from "@/lib/tables/packed-rows";
import type { SectionPlace } from "@/sections/frame/section-place";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { NoRecordsYet } from "@/sections/frame/ui/NoRecordsYet";
import { LISTING_STATE } from "../listing-table";
import type { AdverseEventsView } from "../load";
import { BY_TERM_ANCHOR, carriedParams, LISTING_ANCHOR } from "../query";
import { chartData, MIXED_TITLE } from "../tables";
import { AeByTermTable } from "./AeByTermTable";
import { AeChoices } from "./AeChoices";
import { AeListing } from "./AeListing";
import { AeOverviewTable } from "./AeOverviewTable";
import { AeTermChart } from "./AeTermChart";
import { AeTermControls } from "./AeTermControls";
import { chartShown } from "./chart-shown";

export function AdverseEventsContent({ view, place }: { view: AdverseEventsView; place: SectionPlace }) {
  const { base, study, studyHref } = place;
  const carried = carriedParams(view.query, place.searchParams, LISTING_STATE);
  const chart = chartData(view.chart.rows, base, carried);
  const ignored = [...new Set(view.query.ignored)];
  return (
    <>
      {ignored.length > 0 ? (
        <p role="status">
          Part of this page&apos;s address was not understood and is ignored ({ignored.join(", ")}): the view shows the
          default for each instead.
        </p>
      ) : null}
      {view.events === 0 ? <NoRecordsYet records="adverse events" study={study} /> : null}
      <AeChoices query={view.query} base={base} carried={carried} />
      <h3>Overview</h3>
      <AeOverviewTable view={view} base={base} carried={carried} />

      <h3 id={BY_TERM_ANCHOR}>By term and worst grade</h3>
      <HowComputed gist="each subject once per term, at its worst grade">
        <p>
          Each subject counts once per term, at the highest grade of its events of that term; a subject whose events of
          a term all lack a grade counts under &quot;Grade missing&quot;. † {MIXED_TITLE}
        </p>
      </HowComputed>
      <AeTermControls query={view.query} base={base} carried={carried} />
      <AeByTermTable view={view} base={base} carried={carried} />

      <h3>Most frequent terms</h3>
      {view.chart.rows.length > 0 ? (
        <AeTermChart
          data={chart.data}
          rows={packRows(chart.rows)}
          shown={chartShown(view.chart, view.query.order.minPercent)}
          n={view.overview.n}
        />
      ) : (
        <p>{chartShown(view.chart, view.query.order.minPercent)}</p>
      )}

      <h3 id={LISTING_ANCHOR}>Listing</h3>
      <AeListing view={view} base={base} study={study} studyHref={studyHref} carried={carried} />
    </>
  );
}
