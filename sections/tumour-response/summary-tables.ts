/**
 * The Tumour response summary's tables as the page shows them and their exports write them: the best overall
 * responses as signed and recomputed, the subjects a count chose (or every subject), the subjects whose two BORs
 * differ, and those left out of N with the reason.
 */

import type { PlainTable } from "@/lib/tables/table-def";
import { drillTitle, inDrill, type SubjectDrill } from "@/sections/tumour-response/drill";
import type { TumourResponseView } from "@/sections/tumour-response/load";
import { BOR_COLUMNS, type BorLinks, borTableRows } from "./bor-table";
import { LEFT_OUT_PREFIX } from "./links";
import {
  DIFFER_COLUMNS,
  differRows,
  LEFT_OUT_COLUMNS,
  leftOutRows,
  linkedColumns,
  SUBJECT_COLUMNS,
  type SubjectLinks,
  subjectRows,
} from "./ui/subject-rows";

/** Links for a file: it has no use for them. */
export const NO_LINKS: SubjectLinks & BorLinks = {
  response: ["", ""],
  profile: ["", ""],
  drill: () => "",
  differ: "",
  leftOut: "",
};

export const DIFFER_CAPTION =
  "Evaluable subjects whose best overall response as signed differs from the recomputed one";

export function borTable(view: TumourResponseView, links: BorLinks): PlainTable {
  const s = view.study;
  return {
    caption: `Best overall response as signed and as recomputed (N = ${s.evaluable.toLocaleString("en")})`,
    columns: BOR_COLUMNS,
    rows: borTableRows(s, links),
    urlPrefix: "bt_",
  };
}

export function subjectListTable(view: TumourResponseView, drill: SubjectDrill | null, links: SubjectLinks) {
  const listed = drill ? view.subjects.filter((s) => inDrill(s, drill)) : view.subjects;
  const title = drill ? drillTitle(drill) : "Every subject, evaluable or not";
  const table: PlainTable = {
    caption: `${title} (${listed.length})`,
    columns: linkedColumns(SUBJECT_COLUMNS, links),
    rows: subjectRows(listed),
    urlPrefix: "sl_",
  };
  return { title, table };
}

export function differTable(view: TumourResponseView, links: SubjectLinks): PlainTable {
  const differ = view.study.differ.map((id) => view.bySubject.get(id)!);
  return {
    caption: `${DIFFER_CAPTION} (${differ.length})`,
    columns: linkedColumns(DIFFER_COLUMNS, links),
    rows: differRows(differ),
    urlPrefix: "df_",
  };
}

export function leftOutTable(view: TumourResponseView, links: SubjectLinks): PlainTable {
  const rows = leftOutRows(view.subjects);
  return {
    caption: `Subjects left out of N, with the reason (${rows.length})`,
    columns: linkedColumns(LEFT_OUT_COLUMNS, links),
    rows,
    // The plots' data notes link to this table filtered by a reason (./response-links.ts).
    urlPrefix: LEFT_OUT_PREFIX,
  };
}
