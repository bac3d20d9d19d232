/**
 * The spider plot's page content (a server component): the BOR and scale switches, what is shown of what, the chart and
 * its legend, which chooses the subjects. The lines are shaped here (spider-data.ts); the browser gets the
 * chosen subjects' points only, and the list of subjects that can be chosen.
 */

import { pack } from "@/lib/payload/packed-json";
import { plural } from "@/sections/frame/ui/notices";
import { Switch } from "@/sections/frame/ui/Switch";
import { borOptions, plotHref } from "../addresses";
import type { TumourResponseView } from "../load";
import { MAX_SPIDER_POINTS, MAX_SPIDER_SUBJECTS, type ResponseQuery, type SpiderScale } from "../query";
import { SPIDER_TABLES } from "../tables";
import { DayOneConvention } from "./DayOneConvention";
import { DAYS_SINCE } from "./plot-axes";
import { SpiderChart } from "./SpiderChart";
import { SpiderLegend } from "./SpiderLegend";
import { type SpiderData, spiderData } from "./spider-data";
import { SpiderHighlight } from "./spider-highlight";

interface Props {
  view: TumourResponseView;
  query: ResponseQuery;
  scale: SpiderScale;
  asked: string[] | null;
  studyHref: string;
}

export function SpiderContent({ view, query, scale, asked, studyHref }: Props) {
  const d = spiderData(view.subjects, { studyHref, query, scale, asked });
  const chosen: Record<string, string> = asked ? { subjects: asked.join(",") } : {};
  const own = scale === "nadir" ? { ...chosen, scale } : chosen;
  const scaleOptions = (["baseline", "nadir"] as const).map((s) => ({
    label: s === "baseline" ? "From baseline" : "From nadir",
    href: plotHref(studyHref, "spider", query, s === "nadir" ? { ...chosen, scale: s } : chosen),
    current: s === scale,
  }));
  const borName = query.bor === "signed" ? "as signed" : "as recomputed";
  const drawn = d.lines.map((l) => ({ subjectId: l.subjectId, bor: l.bor }));
  return (
    <>
      <Switch label="Best overall response" options={borOptions(studyHref, "spider", query, own)} />
      <Switch label="Change" options={scaleOptions} />
      <DayOneConvention dayOne={view.dayOne} />
      <SpiderHighlight>
        <SpiderChart
          lines={pack(d.lines)}
          subjectAround={d.subjectAround}
          domain={d.domain}
          days={d.days}
          daysSince={DAYS_SINCE[view.dayOne.anchor]}
          scale={scale}
          borName={borName}
          shown={shownText(d, asked !== null)}
          exportAs={SPIDER_TABLES.key("chart")}
        />
        <SpiderLegend drawn={drawn} subjects={d.subjects} asked={asked !== null} />
      </SpiderHighlight>
    </>
  );
}

function shownText(d: SpiderData, asked: boolean): string {
  const points = d.points;
  const parts = [
    `Showing ${d.lines.length} of ${d.subjects.length} subjects that can be drawn (${points} points)` +
      (asked ? ", as chosen in the address." : defaultText(d)),
  ];
  if (d.overBudget)
    parts.push(
      `${plural(d.overBudget, "chosen subject")} left out to keep the plot within ${MAX_SPIDER_POINTS} points.`,
    );
  if (d.notFound) parts.push(`${plural(d.notFound, "subject")} in the address: cannot be drawn or not in the study.`);
  if (d.cannotDraw)
    parts.push(
      `${plural(d.cannotDraw, "subject")} not drawable: no baseline sum above 0 (non-target disease only among ` +
        "them) or no assessment after baseline.",
    );
  if (d.unknown)
    parts.push(`${plural(d.unknown, "assessment")} of the subjects drawn without a known change: no point.`);
  return parts.join(" ");
}

function defaultText(d: SpiderData): string {
  if (d.lines.length + d.overBudget >= d.subjects.length) return ": every one.";
  return `: by default the ${MAX_SPIDER_SUBJECTS} with the largest best change from baseline, either way.`;
}
