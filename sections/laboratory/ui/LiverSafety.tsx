/**
 * The liver safety (eDISH) view inside its section frame: the laboratory's
 * own navigation, the settings, the quadrant count table, then the chart and
 * the subject listing. When the study lacks the chosen transaminase or total
 * bilirubin, it says so instead of drawing an empty plot.
 */
import Link from "next/link";
import { packRows } from "@/lib/tables/packed-rows";
import { type LiverQuery, liverSearch } from "@/sections/laboratory/liver-query";
import type { LiverView } from "@/sections/laboratory/load-liver";
import { EdishPanel } from "./EdishPanel";
import { EdishSettings } from "./EdishSettings";
import { liverAround, liverRows, SUBJECTS_ANCHOR } from "./liver-rows";
import { type QuadrantHref, QuadrantTable } from "./QuadrantTable";

interface Props {
  view: LiverView;
  query: LiverQuery;
  studyHref: string;
  study: string;
}

export function LiverSafety({ view, query, studyHref, study }: Props) {
  const base = `${studyHref}/laboratory/liver`;
  const quadrantHref: QuadrantHref = (quadrant, concurrent = false) =>
    `${base}${liverSearch({ ...query, quadrant, concurrent })}#${SUBJECTS_ANCHOR}`;
  const t = query.params.transaminase;
  return (
    <>
      <h3>Liver safety (eDISH)</h3>
      <p>
        Each subject&apos;s peak {t} against its peak total bilirubin, both as multiples of the upper limit of normal
        (ULN) of each result&apos;s own reference range. The peaks need not be from the same day: the tables say whether
        they are concurrent.
      </p>
      <EdishSettings query={query} action={base} />
      <Body view={view} query={query} studyHref={studyHref} study={study} quadrantHref={quadrantHref} />
    </>
  );
}

function Body({ view, query, studyHref, study, quadrantHref }: Props & { quadrantHref: QuadrantHref }) {
  const t = query.params.transaminase;
  const missing = [view.results[t] === 0 ? t : null, view.results.BILI === 0 ? "total bilirubin (BILI)" : null];
  if (missing.some((m) => m !== null)) {
    const other = t === "ALT" ? "AST" : "ALT";
    return (
      <p>
        This study has no {missing.filter(Boolean).join(" and no ")} results, so there is no eDISH plot.
        {view.results[other] > 0 && view.results.BILI > 0 ? (
          <>
            {" "}
            It has {other}: <Link href={`${studyHref}/laboratory/liver?enzyme=${other}`}>plot {other} instead</Link>.
          </>
        ) : null}
      </p>
    );
  }
  const rows = liverRows(view.plot.points);
  const subjectAround = liverAround(studyHref);
  return (
    <>
      <QuadrantTable
        rows={rows}
        subjectAround={subjectAround}
        params={query.params}
        quadrantHref={quadrantHref}
        studySubjects={view.studySubjects}
      />
      <EdishPanel
        rows={packRows(rows)}
        subjectAround={subjectAround}
        params={query.params}
        study={study}
        quadrant={query.quadrant}
        concurrent={query.concurrent}
        allHref={quadrantHref(null)}
        quadrantHref={quadrantHref(query.quadrant)}
      />
    </>
  );
}
