/**
 * A subject's laboratory grid, a page of visits at a time, and the trend of
 * one test or vital-sign item, or the liver panel, for the subject profile. It takes the
 * subject's own rows and the page's search parameters (`trend`, `scale`,
 * `trend_x`, `grid`, `grid_visits`: ../query.ts); what it derives from the rows goes
 * through `memo`, once per subject while the rows are cached
 * (../subject-memo.ts), and what could not be shown is said in its notes.
 */
import { FragmentTarget } from "@/components/data-table/FragmentTarget";
import type { AdverseEventRow } from "@/lib/clinical/adverse-events/rows";
import { type LabGrid as Grid, labGrid } from "@/lib/clinical/laboratory/grid";
import {
  gridPage,
  pageOfColumn,
  pageSpans,
  type ResultPlace,
  resultPlaces,
} from "@/lib/clinical/laboratory/grid-pages";
import { isLiverPanel } from "@/lib/clinical/liver/liver-panel";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { ParamSource } from "@/lib/tables/url-state";
import { liverPanelNotes } from "../liver-panel-table";
import { gridNotes, trendNotes } from "../notes";
import {
  chooseGridPage,
  chooseTrendAxis,
  chooseVisitsPerPage,
  GRID_PAGE,
  GRID_VISITS,
  gridHref,
  LAB_GRID_ANCHOR,
  resultCellId,
  TREND_ANCHOR,
  TREND_AXIS_PARAM,
  trendHref,
} from "../query";
import { noMemo, type SubjectMemo } from "../subject-memo";
import { GridPager } from "./GridPager";
import { keptSearchParams } from "./kept-state";
import { LabGrid } from "./LabGrid";
import { LiverPanelChart } from "./LiverPanelChart";
import styles from "./subject.module.css";
import { type GridCellRef, TrendChart } from "./TrendChart";
import type { DayOne } from "./TrendPlot";
import { trendOf } from "./trend-of";

export interface SubjectMeasurementsProps {
  /** The subject's laboratory and vital-sign rows, and its adverse events (for the onsets on the trend). */
  labs: readonly MeasurementRow[];
  vitals: readonly MeasurementRow[];
  adverseEvents: readonly AdverseEventRow[];
  /** The page's search parameters: `trend`, `scale`, `grid` and `grid_visits` are read, the rest kept in links. */
  searchParams: ParamSource;
  /** The subject's ID as shown; by default that of the rows. */
  subject?: string;
  /** The subject's values computed once (the profile's); by default computed at each render. */
  memo?: SubjectMemo;
  /** The subject's study day 1 (the timeline's), for the trend's study-day axis; none: dates only. */
  dayOne?: DayOne | null;
}

export function SubjectMeasurements(props: SubjectMeasurementsProps) {
  const { labs, vitals, searchParams, memo = noMemo } = props;
  const subject = props.subject ?? labs[0]?.subjectId ?? vitals[0]?.subjectId ?? "";
  const grid = memo("lab grid", () => labGrid(labs));
  const t = trendOf(props, searchParams);
  const { chosen } = t;
  const size = chooseVisitsPerPage(searchParams.get(GRID_VISITS));
  const page = gridPage(grid, chooseGridPage(searchParams.get(GRID_PAGE)), size);
  // The page's other state as understood, not the address as it came (./kept-state.ts).
  const kept = keptSearchParams(searchParams);
  const trend = trendPart(props, t, { grid, size, subject, searchParams });
  const notes = [...gridNotes(grid), ...(trend?.notes ?? [])];
  return (
    <>
      <section id={LAB_GRID_ANCHOR} aria-labelledby="lab-grid-title">
        <h3 id="lab-grid-title">Laboratory results by visit</h3>
        <LabGrid
          page={page}
          size={{ tests: grid.rows.length, visits: grid.columns.length }}
          subject={subject}
          selected={chosen?.kind === "lab" ? chosen.key : null}
          trendHref={(value) => trendHref(kept, value)}
          pager={
            <GridPager
              page={page}
              visits={grid.columns.length}
              spans={memo(`grid pages ${size}`, () => pageSpans(grid.columns, size))}
              visitLabels={memo("visit labels", () => grid.columns.map(visitLabel))}
              href={(to, visits) => gridHref(keptSearchParams(searchParams, chosen?.value), to, visits)}
            />
          }
        />
      </section>
      <section id={TREND_ANCHOR} aria-labelledby="trend-title">
        <h3 id="trend-title">Trend</h3>
        <FragmentTarget id={TREND_ANCHOR} />
        {trend?.chart ?? <p>The partner sent no laboratory or vital-sign results for subject {subject}.</p>}
      </section>
      {notes.length > 0 ? (
        <section aria-labelledby="measurement-notes-title" className={styles.notes}>
          <h4 id="measurement-notes-title">Notes on these results</h4>
          <ul>
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The chosen test's trend or the liver panel (./trend-of.ts) with its notes; a lab point knows its grid page. */
function trendPart(
  { memo = noMemo, dayOne = null }: SubjectMeasurementsProps,
  t: ReturnType<typeof trendOf>,
  { grid, size, subject, searchParams }: { grid: Grid; size: number; subject: string; searchParams: ParamSource },
) {
  if (!t.chosen) return null;
  const places = t.chosen.kind === "vital" ? null : memo("result places", () => resultPlaces(grid));
  const axis = chooseTrendAxis(searchParams.get(TREND_AXIS_PARAM));
  if (places && isLiverPanel(t.trend)) {
    const panel = (
      <LiverPanelChart
        panel={t.trend}
        onsets={t.onsets}
        subject={subject}
        gridCells={pointCells(t.trend.series, places, size)}
        options={t.options}
        selected={t.chosen.value}
        axis={axis}
        dayOne={dayOne}
      />
    );
    return { chart: panel, notes: liverPanelNotes(t.trend, t.withoutStart) };
  }
  const chart = (
    <TrendChart
      trend={t.trend}
      onsets={t.onsets}
      subject={subject}
      gridCells={places && pointCells(t.trend.series, places, size)}
      options={t.options}
      selected={t.chosen.value}
      ulnAvailable={t.ulnAvailable}
      axis={axis}
      dayOne={dayOne}
    />
  );
  return { chart, notes: trendNotes(t.trend, t.withoutStart) };
}

const visitLabel = (c: { visit: string | null; date: string | null }) =>
  `${c.visit ?? "(no visit)"}, ${c.date ?? "(no date)"}`;

/** The grid's page and result id of each plotted point, by record ID: a click on a point opens its result there. */
function pointCells(
  series: readonly { points: readonly { id: string }[] }[],
  places: ReadonlyMap<string, ResultPlace>,
  size: number,
): Record<string, GridCellRef> {
  const cells: Record<string, GridCellRef> = {};
  for (const s of series)
    for (const p of s.points) {
      const place = places.get(p.id);
      if (place) cells[p.id] = { page: pageOfColumn(place.column, size), id: resultCellId(place) };
    }
  return cells;
}
