/**
 * The Laboratory section's two pages: the tests (the overview, or one test with its charts, shift tables and
 * listing), and Liver safety (eDISH) below it, each under the section's heading with its tabs.
 */
import { createElement } from "react";
import { defineSection } from "@/sections/frame/section";
import type { SectionPlace } from "@/sections/frame/section-place";
import { liverNotes } from "./liver-notes";
import { parseLiverQuery } from "./liver-query";
import { loadLaboratory } from "./load";
import { loadLiver } from "./load-liver";
import { laboratoryNotes } from "./notes";
import { liverBase, parseLabQuery } from "./query";
import { LaboratoryContent } from "./ui/LaboratoryContent";
import { LaboratoryTabs } from "./ui/LaboratoryTabs";
import { LiverSafety } from "./ui/LiverSafety";

const labTabs = (place: SectionPlace) => createElement(LaboratoryTabs, { base: place.base });

export const LABORATORY = defineSection({
  slug: "laboratory",
  title: "Laboratory",
  parseQuery: parseLabQuery,
  load: loadLaboratory,
  notes: (view, { place }) => laboratoryNotes(view, place.base),
  tabs: ({ place }) => labTabs(place),
  content: (view, { query, place }) => createElement(LaboratoryContent, { view, query, place }),
});

/** Liver safety: a page of the Laboratory section, under its heading; its settings and listing live in the URL. */
export const LIVER_SAFETY = defineSection({
  slug: "laboratory",
  title: "Laboratory",
  parseQuery: parseLiverQuery,
  load: (study, query) => loadLiver(study, query.settings),
  notes: (view, { place, query }) => liverNotes(view, liverBase(place.base), query),
  tabs: ({ place }) => labTabs(place),
  content: (view, { query, place }) => createElement(LiverSafety, { view, query, place }),
});
