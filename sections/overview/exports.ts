/** The study overview's exports: the review progress tables, as the page shows them (no links: studyHref ""). */
import { tableExport } from "@/lib/export/table-export";
import type { TableDef } from "@/lib/tables/table-def";
import { type Source, sourcesOf } from "@/sections/frame/export-source";
import { loadOverview, type OverviewView } from "./load";
import {
  OVERVIEW_TABLES,
  reviewersCaption,
  reviewersDef,
  signalsCaption,
  signalsDef,
  signalsOf,
  subjectsCaption,
  subjectsDef,
  testsCaption,
  testsDef,
  typesCaption,
  typesDef,
} from "./tables";

const source =
  <R>(fileLabel: string, def: (view: OverviewView) => TableDef<R>, title: (study: string) => string): Source =>
  async (access, { params }) => {
    const view = await loadOverview(access);
    return tableExport(def(view), params, { title: title(access.study), fileLabel, asOf: view.asOf });
  };

export const OVERVIEW_SOURCES = sourcesOf(OVERVIEW_TABLES, {
  signals: async (access, { params }) => {
    const view = await loadOverview(access);
    const signals = signalsOf(view);
    return tableExport(signalsDef(signals, ""), params, {
      title: signalsCaption(access.study, signals.length),
      fileLabel: "safety-signals",
      asOf: view.asOf,
    });
  },
  types: source("review-by-record-type", (view) => typesDef(view, ""), typesCaption),
  tests: source("review-by-test", (view) => testsDef(view, ""), testsCaption),
  subjects: source("review-by-subject", (view) => subjectsDef(view, ""), subjectsCaption),
  reviewers: source("reviewers", reviewersDef, reviewersCaption),
});
