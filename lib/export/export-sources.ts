/**
 * What the start of an export needs from the pages' side: the table a request names, built from the user's study
 * by the same definitions the page uses (sections/exports.ts registers them, since the tables' columns live with
 * the sections), and the words for a failure to load the study's rows (a study the partner does not grant).
 */
import type { UserStudy } from "@/lib/study/open-user-study";
import type { ExportTable } from "./export-table";
import type { ExportPackData } from "./pack/pack-data";

export interface TableRequest {
  /**
   * The view's slug below the study ("laboratory", "tumour-response/waterfall") and the table's ID in it: a name,
   * and after a dot an argument where the view has several tables of a kind ("distribution.2": the third unit's).
   */
  view: string;
  table: string;
  /** The page's query: the view's choices and each table's URL state. */
  params: URLSearchParams;
  /** The subject of a subject's page. */
  subject?: string;
}

export interface Refusal {
  status: number;
  message: string;
}

export interface ExportSources {
  /** The table of the request; undefined when the view has no such table. */
  prepare(access: UserStudy, request: TableRequest): Promise<ExportTable | undefined>;
  /**
   * What the study's export pack is made of (the Export pack section's loader): its latest data, or a past snapshot
   * of it (`snapshot`, its id), with the study snapshot the data are.
   */
  pack(access: UserStudy, snapshot?: number): Promise<ExportPackData>;
  /** A failure of prepare in words for the user (what happened, what to do), with the HTTP status to answer. */
  explain(err: unknown, access: UserStudy): Refusal;
}
