/**
 * The Liver safety page's content (eDISH) inside its section frame: the settings, the quadrant count table, then
 * the chart and the subject listing. When the study lacks the chosen transaminase or total bilirubin, it says so
 * instead of drawing an empty plot.
 */
import Link from "next/link";
import { packRows } from "@/lib/tables/packed-rows";
import type { SectionPlace } from "@/sections/frame/section-place";
import { LIVER_PARAMS, type LiverQuery, liverAround, type QuadrantHref, quadrantHrefOf } from "../liver-query";
import { liverRows } from "../liver-tables";
import type { LiverView } from "../load-liver";
import { liverBase } from "../query";
import { EdishPanel } from "./EdishPanel";
import { EdishSettings } from "./EdishSettings";
import { QuadrantTable } from "./QuadrantTable";

interface Props {
  view: LiverView;
  query: LiverQuery;
  place: SectionPlace;
}

export function LiverSafety({ view, query, place }: Props) {
  const liver = liverBase(place.base);
  const quadrantHref = quadrantHrefOf(liver, query);
  const t = query.settings.transaminase;
  return (
    <>
      <h3>Liver safety (eDISH)</h3>
      <p>
        Each subject&apos;s peak {t} against its peak total bilirubin, both as multiples of the upper limit of normal
        (ULN) of each result&apos;s own reference range. The peaks need not be from the same day: the tables say whether
        they are concurrent.
      </p>
      <EdishSettings query={query} action={liver} />
      <Body view={view} query={query} place={place} liver={liver} quadrantHref={quadrantHref} />
    </>
  );
}

function Body({ view, query, place, liver, quadrantHref }: Props & { liver: string; quadrantHref: QuadrantHref }) {
  const t = query.settings.transaminase;
  const missing = [view.results[t] === 0 ? t : null, view.results.BILI === 0 ? "total bilirubin (BILI)" : null];
  if (missing.some((m) => m !== null)) {
    const other = t === "ALT" ? "AST" : "ALT";
    return (
      <p>
        This study has no {missing.filter(Boolean).join(" and no ")} results, so there is no eDISH plot.
        {view.results[other] > 0 && view.results.BILI > 0 ? (
          <>
            {" "}
            It has {other}: <Link href={`${liver}?${LIVER_PARAMS.enzyme}=${other}`}>plot {other} instead</Link>.
          </>
        ) : null}
      </p>
    );
  }
  const rows = liverRows(view.plot.points);
  const subjectAround = liverAround(place.studyHref);
  return (
    <>
      <QuadrantTable
        rows={rows}
        subjectAround={subjectAround}
        settings={query.settings}
        quadrantHref={quadrantHref}
        studySubjects={view.studySubjects}
      />
      <EdishPanel
        rows={packRows(rows)}
        subjectAround={subjectAround}
        settings={query.settings}
        study={place.study}
        quadrant={query.quadrant}
        concurrent={query.concurrent}
        everyQuadrantHref={quadrantHref(null)}
        wholeQuadrantHref={quadrantHref(query.quadrant)}
      />
    </>
  );
}
