/** The Data checks section: findings per rule, the findings by rule and subject (state in the URL), their CSV. */
import { createElement } from "react";
import { defineSection } from "@/sections/frame/section";
import { loadDataChecks } from "./load";
import { dataChecksNotes } from "./notes";
import { parseDataChecksQuery } from "./query";
import { DataChecksContent } from "./ui/DataChecksContent";

export const DATA_CHECKS = defineSection({
  slug: "data-checks",
  title: "Data checks",
  parseQuery: parseDataChecksQuery,
  load: loadDataChecks,
  notes: (view) => dataChecksNotes(view),
  content: (view, { place }) => createElement(DataChecksContent, { view, place }),
});
