/**
 * The swimmer plot's page content (a server component): the BOR and order switches, the page of bars with "showing N of
 * M" and links to the other pages, and the chart of the page's bars, shaped here (swimmer-data.ts).
 */
import Link from "next/link";
import uiStyles from "@/components/ui/ui.module.css";
import { plural } from "@/sections/frame/ui/notices";
import { Switch } from "@/sections/frame/ui/Switch";
import { borOptions, plotHref } from "../addresses";
import type { TumourResponseView } from "../load";
import type { ResponseQuery, SwimmerSort } from "../query";
import { SWIMMER_TABLES } from "../tables";
import { DayOneConvention } from "./DayOneConvention";
import { DAYS_SINCE } from "./plot-axes";
import { dayAxis } from "./plot-values";
import { SwimmerChart } from "./SwimmerChart";
import { type SwimmerData, swimmerData } from "./swimmer-data";

interface Props {
  view: TumourResponseView;
  query: ResponseQuery;
  sort: SwimmerSort;
  page: number;
  studyHref: string;
}

export function SwimmerContent({ view, query, sort, page, studyHref }: Props) {
  const d = swimmerData(view.subjects, { studyHref, query, sort, page });
  const sorted: Record<string, string> = sort === "bor" ? { sort } : {};
  const href = (extra: Record<string, string>) => plotHref(studyHref, "swimmer", query, extra);
  const sortOptions = (["length", "bor"] as const).map((s) => ({
    label: s === "length" ? "Longest first" : "By BOR (CR, PR, SD, Non-CR/Non-PD, PD, NE)",
    href: href(s === "bor" ? { sort: s } : {}),
    current: s === sort,
  }));
  const pageOf = (n: number) => href(n > 1 ? { ...sorted, page: String(n) } : sorted);
  const borName = query.bor === "signed" ? "as signed" : "as recomputed";
  return (
    <>
      <Switch label="Best overall response" options={borOptions(studyHref, "swimmer", query, sorted)} />
      <Switch label="Order" options={sortOptions} />
      <DayOneConvention dayOne={view.dayOne} />
      {d.total === 0 ? (
        <p>No subject has a baseline assessment: there is no time on study to draw.</p>
      ) : (
        <>
          <Pager d={d} pageOf={pageOf} />
          <SwimmerChart
            bars={d.bars}
            subjectAround={d.subjectAround}
            // Three weeks past the longest bar, so that its arrow fits; the same axis on every page.
            days={dayAxis(d.maxDays + 21, d.minDay)}
            daysSince={DAYS_SINCE[view.dayOne.anchor]}
            latest={d.latest}
            borName={borName}
            shown={shownText(d)}
            exportAs={SWIMMER_TABLES.key("chart")}
          />
        </>
      )}
    </>
  );
}

function shownText(d: SwimmerData): string {
  const range = d.pages > 1 ? `bars ${d.first}–${d.first + d.bars.length - 1}, ` : "";
  const left = d.noBaseline ? `; ${plural(d.noBaseline, "subject")} without a baseline assessment: no bar` : "";
  return `Showing ${d.bars.length} of ${d.total} subjects (${range}page ${d.page} of ${d.pages})${left}.`;
}

function Pager({ d, pageOf }: { d: SwimmerData; pageOf: (n: number) => string }) {
  if (d.pages <= 1) return null;
  return (
    <nav aria-label="Pages of the swimmer plot" className={uiStyles.toolbar}>
      {d.page > 1 ? <Link href={pageOf(d.page - 1)}>Previous page</Link> : <span>Previous page</span>}
      <span>
        Page {d.page} of {d.pages}
      </span>
      {d.page < d.pages ? <Link href={pageOf(d.page + 1)}>Next page</Link> : <span>Next page</span>}
    </nav>
  );
}
