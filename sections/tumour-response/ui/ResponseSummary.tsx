/**
 * The Tumour response summary (a server component): the options, the best overall responses as signed and as
 * recomputed side by side with ORR and DCR and their exact 95 % intervals, then the subjects behind the counts,
 * the subjects whose two BORs differ, and those left out of N with the reason (docs/clinical-rules.md, Tumour
 * response). Every count opens its subjects; every subject opens its response page.
 */
import { DataTable } from "@/components/data-table/DataTable";
import { packTable } from "@/lib/tables/packed-rows";
import { subjectHref } from "@/sections/frame/addresses";
import { plural } from "@/sections/frame/ui/notices";
import { parseSubjectDrill } from "@/sections/tumour-response/drill";
import type { ResponseSummaryView } from "@/sections/tumour-response/load-summary";
import type { ResponseQuery } from "@/sections/tumour-response/query";
import { DIFFER_ANCHOR, drillHref, LEFT_OUT_ANCHOR, subjectResponseAround, summaryHref } from "../links";
import { optionsText } from "../notes";
import { borTable } from "../summary-tables";
import { ResponseOptionsForm } from "./ResponseOptionsForm";
import { ResponseSubjectLists } from "./ResponseSubjectLists";
import type { SubjectLinks } from "./subject-rows";

export interface ResponseSummaryProps {
  view: ResponseSummaryView;
  studyHref: string;
  query: ResponseQuery;
  /** The page's query (the listing's choice and the tables' state). */
  params: URLSearchParams;
}

export function ResponseSummary({ view, studyHref, query, params }: ResponseSummaryProps) {
  const { study: s } = view;
  const differing = plural(s.differ.length, "evaluable subject");
  const links: SubjectLinks = {
    response: subjectResponseAround(studyHref, query),
    profile: [subjectHref(studyHref, ""), ""],
  };
  const table = borTable(view, {
    drill: (source, group) => drillHref(studyHref, query, source, group),
    differ: summaryHref(studyHref, query, DIFFER_ANCHOR),
    leftOut: summaryHref(studyHref, query, LEFT_OUT_ANCHOR),
  });
  return (
    <>
      <ResponseOptionsForm options={view.options} action={summaryHref(studyHref, query)} current={params} />
      <section aria-labelledby="response-bor-title">
        <h3 id="response-bor-title">Best overall response</h3>
        <p>
          N = {s.evaluable} evaluable subjects; {optionsText(view.options)}.{" "}
          {s.differ.length === 0
            ? "The signed and the recomputed best overall responses agree for every evaluable subject."
            : `≠ The signed and the recomputed best overall responses differ for ${differing} (listed below).`}
        </p>
        <DataTable {...packTable(table)} exportAs={{ view: "tumour-response", table: "bor" }} />
      </section>
      <ResponseSubjectLists
        view={view}
        drill={parseSubjectDrill(params)}
        links={links}
        allHref={summaryHref(studyHref, query)}
      />
    </>
  );
}
