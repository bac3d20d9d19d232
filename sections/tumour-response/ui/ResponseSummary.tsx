/**
 * The Tumour response summary (a server component): the options, the line naming the conventions in force (the BOR
 * rule, day 1, who N counts), the best overall responses as signed and as recomputed side by side with ORR and DCR
 * and their exact 95 % intervals, then the subjects behind the counts, the subjects whose two BORs differ, and
 * those left out of N with the reason (docs/clinical-rules.md, Tumour response). Every count opens its subjects;
 * every subject opens its response page.
 */
import { DataTable } from "@/components/data-table/DataTable";
import { packTable } from "@/lib/tables/packed-rows";
import { subjectHref } from "@/sections/frame/addresses";
import { Convention } from "@/sections/frame/ui/Convention";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { plural } from "@/sections/frame/ui/notices";
import { DIFFER_ANCHOR, drillHref, LEFT_OUT_ANCHOR, responsePageAround, summaryHref } from "../addresses";
import type { ResponseSummaryView } from "../load";
import { dayOneText, optionsText } from "../notes";
import type { SummaryQuery } from "../query";
import { borTable, SUMMARY_TABLES } from "../tables";
import { populationText } from "./population-text";
import { ResponseOptionsForm } from "./ResponseOptionsForm";
import { ResponseSubjectLists } from "./ResponseSubjectLists";
import type { SubjectLinks } from "./subject-rows";

export interface ResponseSummaryProps {
  view: ResponseSummaryView;
  studyHref: string;
  query: SummaryQuery;
  /** The page's search parameters (the tables' state, kept by the options' form). */
  searchParams: URLSearchParams;
}

export function ResponseSummary({ view, studyHref, query, searchParams }: ResponseSummaryProps) {
  const { study: s } = view;
  const differing = plural(s.differ.length, "evaluable subject");
  const options = optionsText(view.options, view.dayOne.anchor);
  const links: SubjectLinks = {
    response: responsePageAround(studyHref, query),
    profile: [subjectHref(studyHref, ""), ""],
  };
  const table = borTable(view, {
    drill: (source, group) => drillHref(studyHref, query, source, group),
    differ: summaryHref(studyHref, query, DIFFER_ANCHOR),
    leftOut: summaryHref(studyHref, query, LEFT_OUT_ANCHOR),
  });
  return (
    <>
      <ResponseOptionsForm
        options={view.options}
        dayOne={query.dayOne}
        population={query.population}
        action={summaryHref(studyHref, query)}
        searchParams={searchParams}
      />
      <HowComputed gist="best overall response by RECIST 1.1, up to the first progression">
        <Convention anchor="best-overall-response-bor">
          Best overall response by RECIST 1.1 (Table 2 for non-target disease only), ranked CR &gt; PR &gt; SD and
          Non-CR/Non-PD &gt; PD &gt; NE up to the first progression; {options}. {dayOneText(view.dayOne)}.{" "}
          {populationText(s)}.
        </Convention>
      </HowComputed>
      <section aria-labelledby="response-bor-title">
        <h3 id="response-bor-title">Best overall response</h3>
        <p>
          N = {s.n} ({s.population === "itt" ? "intent to treat" : "evaluable subjects"}; {s.evaluable} evaluable,{" "}
          {s.itt} by intent to treat); {optionsText(view.options, view.dayOne.anchor)}.{" "}
          {s.differ.length === 0
            ? "The signed and the recomputed best overall responses agree for every evaluable subject."
            : `≠ The signed and the recomputed best overall responses differ for ${differing} (listed below).`}
        </p>
        <DataTable {...packTable(table)} exportAs={SUMMARY_TABLES.key("bor")} />
      </section>
      <ResponseSubjectLists view={view} drill={query.drill} links={links} allHref={summaryHref(studyHref, query)} />
    </>
  );
}
