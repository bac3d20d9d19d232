/** The saved views' exports: the study's views with their changes since saved, and one view's by record type. */
import { tableExport } from "@/lib/export/table-export";
import { type Source, sourcesOf, tableArgument } from "@/sections/frame/export-source";
import { loadSavedView, loadSavedViews } from "./load";
import { VIEWS_TABLES, viewsCaption, viewsDef, viewTypesCaption, viewTypesDef } from "./tables";

const views: Source = async (access, { params }) => {
  const view = await loadSavedViews(access);
  return tableExport(viewsDef(view.views, ""), params, {
    title: viewsCaption(access.study, view.views.length),
    fileLabel: "saved-views",
    asOf: view.asOf,
  });
};

/** One view's changes by record type: the view's number is the table's argument ("types.12"). */
const types: Source = async (access, { params, table }) => {
  const argument = tableArgument(table);
  const id = /^[1-9]\d{0,14}$/.test(argument) ? Number(argument) : null;
  const { view, asOf } = await loadSavedView(access, id);
  if (!view) return undefined;
  return tableExport(viewTypesDef(view, ""), params, {
    title: viewTypesCaption(view),
    fileLabel: "saved-view-changes",
    asOf,
  });
};

export const SAVED_VIEW_SOURCES = sourcesOf(VIEWS_TABLES, { views, types });
