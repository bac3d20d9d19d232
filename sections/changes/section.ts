/** The Changes section: what changed between two of the study's snapshots, by record type and subject; URL state. */
import { createElement } from "react";
import { defineSection } from "@/sections/frame/section";
import { loadChanges } from "./load";
import { parseChangesQuery } from "./query";
import { ChangesContent } from "./ui/ChangesContent";

export const CHANGES = defineSection({
  slug: "changes",
  title: "Changes",
  parseQuery: parseChangesQuery,
  load: loadChanges,
  content: (view, { place }) => createElement(ChangesContent, { view, place }),
});
