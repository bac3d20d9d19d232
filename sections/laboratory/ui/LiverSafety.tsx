/**
 * The Liver safety page's content (eDISH) inside its section frame: the settings and the conventions in force, the
 * quadrant count table with the pattern of injury of the possible Hy's law subjects, then the chart and the subject
 * listing. When the study lacks the chosen transaminase or total bilirubin, it says so instead of drawing an empty
 * plot.
 */
import Link from "next/link";
import { SCALE_UNIT } from "@/lib/clinical/liver/edish";
import { packRows } from "@/lib/tables/packed-rows";
import type { SectionPlace } from "@/sections/frame/section-place";
import { Convention } from "@/sections/frame/ui/Convention";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { LIVER_PARAMS, type LiverQuery, liverAround, type QuadrantHref, quadrantHrefOf } from "../liver-query";
import { liverRows } from "../liver-tables";
import type { LiverView } from "../load-liver";
import { liverBase } from "../query";
import { EdishPanel } from "./EdishPanel";
import { EdishSettings } from "./EdishSettings";
import { LiverSafetyPatterns } from "./LiverSafetyPatterns";
import { QuadrantTable } from "./QuadrantTable";

interface Props {
  view: LiverView;
  query: LiverQuery;
  place: SectionPlace;
}

export function LiverSafety({ view, query, place }: Props) {
  const liver = liverBase(place.base);
  const quadrantHref = quadrantHrefOf(liver, query);
  const s = query.settings;
  const unit = SCALE_UNIT[s.scale];
  return (
    <>
      <h3>Liver safety (eDISH)</h3>
      <EdishSettings query={query} action={liver} />
      <HowComputed gist={`peak ${s.transaminase} against peak total bilirubin, in ${unit}`}>
        <p>
          Each subject&apos;s peak {s.transaminase} against its peak total bilirubin, both in multiples ({unit}) of{" "}
          {s.scale === "baseline"
            ? "the subject's own baseline value"
            : "the upper limit of normal (ULN) of each result's own reference range"}
          . The peaks need not be from the same day: the tables say whether they are concurrent.
        </p>
        <Convention anchor="which-results-the-peaks-use">
          {s.peaks === "all"
            ? "Peaks of every result, at any time in the study (before the first dose and after treatment too)."
            : "Peaks of the results on treatment: dated after the day of each subject's first dose of the study drug " +
              `(that day's result is the baseline), up to ${s.windowDays} days after the last dose.`}
        </Convention>
        {s.scale === "baseline" ? (
          <Convention anchor="multiples-of-baseline">
            Multiples of baseline: each peak&apos;s ×ULN over the ×ULN of the subject&apos;s last result on or before
            the first dose (the earliest result when the first dose is unknown).
          </Convention>
        ) : (
          <Convention anchor="peaks-as-multiples-of-the-upper-limit-of-normal">
            Multiples of the upper limit of normal of each result&apos;s own reference range.
          </Convention>
        )}
        <Convention anchor="points-and-quadrants">
          Possible Hy&apos;s law: {s.transaminase} at or above {s.xThreshold}
          {unit} and total bilirubin above {s.yThreshold}
          {unit}, as the FDA guidance on drug-induced liver injury (2009) words them.
        </Convention>
      </HowComputed>
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
  const rows = liverRows(view.plot.points, view.only);
  const subjectAround = liverAround(place.studyHref);
  return (
    <>
      <QuadrantTable
        rows={rows}
        subjectAround={subjectAround}
        settings={query.settings}
        quadrantHref={quadrantHref}
        studySubjects={view.studySubjects}
        patterns={view.patterns}
      />
      <LiverSafetyPatterns patterns={view.patterns} subjectAround={subjectAround} />
      <EdishPanel
        rows={packRows(rows)}
        subjectAround={subjectAround}
        settings={query.settings}
        study={place.study}
        quadrant={query.quadrant}
        concurrent={query.concurrent}
        only={query.only}
        everyQuadrantHref={quadrantHref(null)}
        wholeQuadrantHref={quadrantHref(query.quadrant)}
      />
    </>
  );
}
