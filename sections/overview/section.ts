/**
 * The study overview, the study's own address (docs/review.md, The study overview): what needs the reviewer's
 * attention since their last review, and the review progress of the study.
 */
import { createElement } from "react";
import { defineSection } from "@/sections/frame/section";
import { loadOverview } from "./load";
import { OverviewContent } from "./ui/OverviewContent";

export const OVERVIEW = defineSection({
  slug: "",
  title: "Overview",
  parseQuery: () => ({}),
  load: (study) => loadOverview(study),
  content: (view, { place }) => createElement(OverviewContent, { view, place }),
});
