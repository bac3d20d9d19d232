/**
 * The saved views (docs/review.md, Saved views): the study's views the user may open, each with what changed since
 * it was saved, at `…/views`; and one view at `…/views/<number>`, its changes by record type, opened as saved or with
 * the latest data. Neither reads the study filter or a past snapshot: a view carries its own.
 */
import { createElement } from "react";
import { defineSection } from "@/sections/frame/section";
import { loadSavedView, loadSavedViews } from "./load";
import { SavedViewContent } from "./ui/SavedViewContent";
import { SavedViewsContent } from "./ui/SavedViewsContent";

export const SAVED_VIEWS = defineSection({
  slug: "views",
  title: "Saved views",
  unfiltered: true,
  parseQuery: () => ({}),
  load: loadSavedViews,
  content: (view, { place }) => createElement(SavedViewsContent, { view, place }),
});

/** A view's number from the route's own segment; null: not a number a view can have. */
const viewNumber = (text: string | undefined) =>
  text !== undefined && /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;

export const SAVED_VIEW = defineSection({
  slug: "views",
  title: "Saved view",
  browserTitle: () => "saved view",
  unfiltered: true,
  parseQuery: (_params, segments) => ({ id: viewNumber(segments.viewId) }),
  load: (study, query) => loadSavedView(study, query.id),
  content: (view, { place }) => createElement(SavedViewContent, { view, place }),
});
