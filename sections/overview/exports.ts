/** The study overview's exports: the review progress tables, as the page shows them (no links: studyHref ""). */
import { tableExport } from "@/lib/export/table-export";
import type { TableDef } from "@/lib/tables/table-def";
import { type Source, sourcesOf } from "@/sections/frame/export-source";
import { loadOverview, type OverviewParts, type OverviewView } from "./load";
import { testsCaption, testsDef, visitsCaption, visitsDef } from "./measurement-progress";
import { REVIEWED_TYPES } from "./progress";
import { reviewReportDef, reviewReportTitle } from "./report";
import { signalsCaption, signalsDef, signalsOf } from "./since-tables";
import {
  commentsCaption,
  commentsDef,
  OVERVIEW_TABLES,
  reviewersCaption,
  reviewersDef,
  subjectsCaption,
  subjectsDef,
  typesCaption,
  typesDef,
} from "./tables";

const source =
  <R>(
    parts: OverviewParts,
    fileLabel: string,
    def: (view: OverviewView) => TableDef<R>,
    title: (study: string) => string,
  ): Source =>
  async (access, { params }) => {
    const view = await loadOverview(access, parts);
    return tableExport(def(view), params, { title: title(access.study), fileLabel, asOf: view.asOf });
  };

/** The overview's export sources, made with the same parts as its page. */
export const overviewSources = (parts: OverviewParts) =>
  sourcesOf(OVERVIEW_TABLES, {
    signals: async (access, { params }) => {
      const view = await loadOverview(access, parts);
      const signals = signalsOf(view);
      return tableExport(signalsDef(signals, ""), params, {
        title: signalsCaption(access.study, signals.length),
        fileLabel: "safety-signals",
        asOf: view.asOf,
      });
    },
    comments: async (access, { params }) => {
      const view = await loadOverview(access, parts);
      const title = commentsCaption(access.study, view.comments.length);
      return tableExport(commentsDef(view, ""), params, { title, fileLabel: "open-comments", asOf: view.asOf });
    },
    types: source(parts, "review-by-record-type", (view) => typesDef(view, ""), typesCaption),
    tests: source(parts, "review-by-test", (view) => testsDef(view, ""), testsCaption),
    visits: source(parts, "review-by-visit", (view) => visitsDef(view, ""), visitsCaption),
    subjects: source(parts, "review-by-subject", (view) => subjectsDef(view, ""), subjectsCaption),
    reviewers: source(parts, "reviewers", reviewersDef, reviewersCaption),
    // The review report: every record of the reviewed types, read only when asked for (./report.ts).
    report: async (access, { params }) => {
      const def = await reviewReportDef(access);
      const asOf = Math.min(...(await Promise.all(REVIEWED_TYPES.map((t) => access.rows(t)))).map((h) => h.loadedAt));
      return tableExport(def, params, { title: reviewReportTitle(access.study), fileLabel: "review-report", asOf });
    },
  });
