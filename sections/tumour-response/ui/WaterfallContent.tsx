/**
 * The waterfall's page content (a server component): the BOR switch, the chart made from the server's shaping, the
 * evaluable subjects that have no bar (non-target disease only, or no known sum up to progression), and links to
 * the spider plot of each response's subjects.
 */
import Link from "next/link";
import { pack } from "@/lib/payload/packed-json";
import { packRows } from "@/lib/tables/packed-rows";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { plural } from "@/sections/frame/ui/notices";
import { Switch } from "@/sections/frame/ui/Switch";
import { borOptions, NO_BAR_ANCHOR, NON_TARGET_ANCHOR } from "../addresses";
import type { TumourResponseView } from "../load";
import type { ResponseQuery } from "../query";
import { WATERFALL_TABLES } from "../tables";
import { DayOneConvention } from "./DayOneConvention";
import { RESPONSE_NAME } from "./response-look";
import { WaterfallChart } from "./WaterfallChart";
import { spiderGroups, waterfallData } from "./waterfall-data";

interface Props {
  view: TumourResponseView;
  query: ResponseQuery;
  studyHref: string;
}

export function WaterfallContent({ view, query, studyHref }: Props) {
  const w = waterfallData(view.subjects, studyHref, query);
  const evaluable = w.bars.length + w.unknown.length + w.nonTargetOnly.length;
  const borName = query.bor === "signed" ? "as signed" : "as recomputed";
  const without = [
    ...(w.nonTargetOnly.length ? [`${w.nonTargetOnly.length} with non-target disease only and no target sum`] : []),
    ...(w.unknown.length ? [`${w.unknown.length} without a known best change`] : []),
  ];
  const shown =
    `Showing ${plural(w.bars.length, "bar")} of ${evaluable} evaluable subjects` +
    (without.length ? ` (${without.join("; ")}, listed below)` : "") +
    `; ${w.notEvaluable} of ${plural(view.subjects.length, "subject")} not evaluable.` +
    " The table and its CSV have every subject.";
  return (
    <>
      <Switch label="Best overall response" options={borOptions(studyHref, "waterfall", query)} />
      <HowComputed gist="best change in the target sum up to the first progression">
        <p>
          Best change from baseline in the target sum up to and including the first progression (recomputed from the
          lesions); dashed lines at +20 % and −30 %.
        </p>
      </HowComputed>
      <WaterfallChart
        bars={pack(w.bars)}
        domain={w.domain}
        rows={packRows(w.rows)}
        subjectAround={w.subjectAround}
        borName={borName}
        shown={shown}
        exportAs={WATERFALL_TABLES.key("chart")}
      />
      {w.unknown.length ? (
        <p id={NO_BAR_ANCHOR}>
          Evaluable without a bar ({w.unknown.length}): no assessment up to progression has a known target sum —{" "}
          {w.unknown.map((u, i) => (
            <span key={u.subjectId}>
              {i ? ", " : ""}
              <Link href={u.href}>{u.subjectId}</Link>
            </span>
          ))}
          .
        </p>
      ) : null}
      {w.nonTargetOnly.length ? (
        <p id={NON_TARGET_ANCHOR}>
          Evaluable without a bar, non-target disease only ({w.nonTargetOnly.length}): no target lesion at baseline, so
          no target sum to change (their responses follow RECIST 1.1 Table 2) —{" "}
          {w.nonTargetOnly.map((u, i) => (
            <span key={u.subjectId}>
              {i ? ", " : ""}
              <Link href={u.href}>{u.subjectId}</Link>
            </span>
          ))}
          .
        </p>
      ) : null}
      <DayOneConvention dayOne={view.dayOne} />
      <SpiderLinks groups={spiderGroups(w.bars, studyHref, query)} />
    </>
  );
}

function SpiderLinks({ groups }: { groups: ReturnType<typeof spiderGroups> }) {
  if (groups.length === 0) return null;
  return (
    <p>
      Spider plot of the subjects with BOR{" "}
      {groups.map((g, i) => (
        <span key={g.bor}>
          {i ? ", " : ""}
          <Link href={g.href}>
            {RESPONSE_NAME[g.bor]} ({g.shown < g.n ? `the first ${g.shown} of ${g.n}` : g.n})
          </Link>
        </span>
      ))}
      .
    </p>
  );
}
