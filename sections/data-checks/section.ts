/** The Data checks section: findings per rule, the findings by rule and subject (state in the URL), their CSV. */
import { createElement } from "react";
import { defineSection } from "@/sections/frame/section";
import { DATA_CHECKS_SLUG, loadReviewedChecks } from "./finding-review";
import { dataChecksNotes } from "./notes";
import { parseDataChecksQuery } from "./query";
import { DataChecksContent } from "./ui/DataChecksContent";

export const DATA_CHECKS = defineSection({
  slug: DATA_CHECKS_SLUG,
  title: "Data checks",
  parseQuery: parseDataChecksQuery,
  load: loadReviewedChecks,
  notes: (view) => dataChecksNotes(view),
  content: (view, { place }) => createElement(DataChecksContent, { view, place }),
});
