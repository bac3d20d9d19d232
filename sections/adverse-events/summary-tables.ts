/**
 * The adverse-event section's summary tables as the page shows them and their exports write them: the overview
 * (./AeOverviewTable.tsx) and the table by term and worst grade (./AeByTermTable.tsx). In a file, each n (%) is two
 * numbers, n and the percentage, so that a spreadsheet can use them.
 */
import { SUBGROUP_TITLE } from "@/lib/clinical/adverse-events/study";
import type { GradeColumn, TermRow } from "@/lib/clinical/adverse-events/summary";
import { percentOf } from "@/lib/clinical/common/percent";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import type { AdverseEventsView } from "@/sections/adverse-events/load";
import type { ListingParams } from "./links";

interface Line {
  label: string;
  n: number;
  /** A number of events, not of subjects: no percentage. */
  events?: boolean;
  filter: ListingParams;
}

/** The overview's lines: each a count of subjects (n of N) or of events, and the listing filter behind it. */
export function overviewLines(o: AdverseEventsView["overview"]): Line[] {
  const group = { scope: "group" };
  return [
    { label: "Subjects with any adverse event", n: o.any, filter: group },
    {
      label: "Subjects with an adverse event of grade 3 or more",
      n: o.gradeAtLeast3,
      filter: { ...group, grade: "ge3" },
    },
    { label: "Subjects with an adverse event of grade 5 (death)", n: o.grade5, filter: { ...group, grade: "5" } },
    { label: "Subjects with a related adverse event", n: o.related, filter: { ...group, related: "1" } },
    { label: "Subjects with an ongoing adverse event", n: o.ongoing, filter: { ...group, ongoing: "1" } },
    { label: "Adverse events (records)", n: o.events, events: true, filter: group },
  ];
}

export const overviewCaption = (n: number) =>
  `Overview of adverse events: n (%) of N = ${n.toLocaleString("en")} subjects in the study's Group`;

export function overviewDef(view: AdverseEventsView): TableDef<Line> {
  const N = view.overview.n;
  return {
    columns: [
      { id: "category", header: "Category", value: (l) => l.label },
      { id: "n", header: "n", type: "number", value: (l) => l.n },
      { id: "percent", header: "% of N", type: "number", value: (l) => (l.events ? null : percentOf(l.n, N)) },
      { id: "N", header: "N", type: "number", value: (l) => (l.events ? null : N) },
    ],
    rows: overviewLines(view.overview),
  };
}

export const MIXED_TITLE =
  "Some subjects have graded and ungraded events of this term: each is counted at its highest known grade.";

const GRADE_HEADERS: [GradeColumn, string][] = [
  ["any", "Any grade"],
  ["g1", "Grade 1"],
  ["g2", "Grade 2"],
  ["g3", "Grade 3"],
  ["g4", "Grade 4"],
  ["g5", "Grade 5"],
  ["ge3", "Grade ≥3"],
  ["missing", "Grade missing"],
];

/** The listing filter behind a grade column's cell: the subjects counted there, with their events of the term. */
function gradeFilter(column: GradeColumn): ListingParams {
  if (column === "any") return {};
  if (column === "ge3") return { grade: "ge3" };
  return { worst: column === "missing" ? "missing" : column.slice(1) };
}

export interface ByTermColumn {
  key: string;
  header: string;
  /** Subjects in the cell, and the N of its percentage. */
  cell: (r: TermRow) => { n: number; of: number };
  filter: ListingParams;
}

/** The count columns of the table by term: each grade, then per subgroup value any grade and grade ≥3. */
export function columnsOf(view: AdverseEventsView): ByTermColumn[] {
  const { byTerm } = view;
  const columns: ByTermColumn[] = GRADE_HEADERS.map(([key, header]) => ({
    key,
    header,
    cell: (r) => ({ n: r.counts[key], of: byTerm.n }),
    filter: gradeFilter(key),
  }));
  const kind = byTerm.subgroup;
  if (!kind) return columns;
  byTerm.subgroups.forEach(({ value, n }, i) => {
    const within = { [kind]: value };
    columns.push(
      {
        key: `any:${value}`,
        header: `${value} (N=${n}): any grade`,
        cell: (r) => ({ n: r.bySubgroup[i].any, of: n }),
        filter: within,
      },
      {
        key: `ge3:${value}`,
        header: `${value} (N=${n}): grade ≥3`,
        cell: (r) => ({ n: r.bySubgroup[i].ge3, of: n }),
        filter: { ...within, grade: "ge3" },
      },
    );
  });
  return columns;
}

export function byTermCaption(view: AdverseEventsView): string {
  const { byTerm, terms } = view;
  const subgroup = byTerm.subgroup ? `, by ${SUBGROUP_TITLE[byTerm.subgroup].toLowerCase()}` : "";
  return (
    `Subjects by term and worst grade${subgroup}: n (%) of N = ${byTerm.n.toLocaleString("en")} subjects ` +
    `in the Group (${terms.length} of ${byTerm.rows.length} terms)`
  );
}

/** The terms the table shows, in its order: per count column its n and its percentage of the column's N. */
export function byTermDef(view: AdverseEventsView): TableDef<TermRow> {
  const counts = columnsOf(view).flatMap((c): TableColumn<TermRow>[] => [
    { id: `${c.key}_n`, header: `${c.header}: n`, type: "number", value: (r) => c.cell(r).n },
    {
      id: `${c.key}_pct`,
      header: `${c.header}: %`,
      type: "number",
      value: (r) => percentOf(c.cell(r).n, c.cell(r).of),
    },
  ]);
  return {
    columns: [
      { id: "term", header: "Term", variable: "AETERM", value: (r) => r.term },
      { id: "mixed", header: "Graded and ungraded events (†)", value: (r) => (r.mixed > 0 ? "Yes" : null) },
      ...counts,
    ],
    rows: view.terms,
  };
}
