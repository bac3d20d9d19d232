/**
 * The study overview, the study's own address (docs/review.md, The study overview): what needs the reviewer's
 * attention since their last review, and the review progress of the study. `parts`: what it takes from other
 * sections (./load.ts, OverviewParts), given beside the registry.
 */
import { createElement } from "react";
import { defineSection } from "@/sections/frame/section";
import { loadOverview, type OverviewParts } from "./load";
import { OverviewContent } from "./ui/OverviewContent";

export const overviewSection = (parts: OverviewParts) =>
  defineSection({
    slug: "",
    title: "Overview",
    parseQuery: () => ({}),
    load: (study) => loadOverview(study, parts),
    content: (view, { place }) => createElement(OverviewContent, { view, place }),
  });
