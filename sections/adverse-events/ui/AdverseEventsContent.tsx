/**
 * The adverse-event section's content inside its frame: the overview, the table by term and worst grade, the
 * chart of the most frequent terms and the listing, every count leading to the listing of its records.
 */

import { packRows } from "@/lib/tables/packed-rows";
import type { AdverseEventsView } from "@/sections/adverse-events/load";
import { BY_TERM_ANCHOR, LISTING_ANCHOR } from "../links";
import { MIXED_TITLE } from "../summary-tables";
import { viewParams } from "../view-params";
import { AeByTermTable } from "./AeByTermTable";
import { AeListing } from "./AeListing";
import { AeOverviewTable } from "./AeOverviewTable";
import { AeTermChart } from "./AeTermChart";
import { AeTermControls } from "./AeTermControls";
import { chartData, chartShown } from "./ae-chart-data";

export interface AdverseEventsContentProps {
  view: AdverseEventsView;
  /** The section's path, and the study's (for subject profiles). */
  path: string;
  studyHref: string;
  study: string;
  /** The page's query, as it came: only the state the view understood is carried in its links (./ae-view-params). */
  current: URLSearchParams;
}

export function AdverseEventsContent({ view, path, studyHref, study, current: asked }: AdverseEventsContentProps) {
  const current = viewParams(view.query, asked);
  const chart = chartData(view.chart.rows, path, current);
  const ignored = [...new Set(view.query.ignored)];
  return (
    <>
      {ignored.length > 0 ? (
        <p role="status">
          Part of this page&apos;s address was not understood and is ignored ({ignored.join(", ")}): the view shows the
          default for each instead.
        </p>
      ) : null}
      {view.events === 0 ? (
        <p>The partner service sent no adverse events for study {study}. Press Refresh later to check again.</p>
      ) : null}
      <h3>Overview</h3>
      <AeOverviewTable view={view} path={path} current={current} />

      <h3 id={BY_TERM_ANCHOR}>By term and worst grade</h3>
      <p>
        Each subject counts once per term, at the highest grade of its events of that term; a subject whose events of a
        term all lack a grade counts under &quot;Grade missing&quot;. † {MIXED_TITLE}
      </p>
      <AeTermControls query={view.query} path={path} current={current} />
      <AeByTermTable view={view} path={path} current={current} />

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
      <AeListing view={view} path={path} study={study} studyHref={studyHref} current={current} />
    </>
  );
}
