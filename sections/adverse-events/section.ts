/** The Adverse events section: overview, table by term and worst grade, chart and listing; state in the URL. */
import { createElement } from "react";
import { defineSection } from "@/sections/frame/section";
import { loadAdverseEvents } from "./load";
import { adverseEventsNotes } from "./notes";
import { parseAeQuery } from "./query";
import { AdverseEventsContent } from "./ui/AdverseEventsContent";

export const ADVERSE_EVENTS = defineSection({
  slug: "adverse-events",
  title: "Adverse events",
  parseQuery: parseAeQuery,
  load: loadAdverseEvents,
  notes: (view, { place }) => adverseEventsNotes(view, place.base),
  content: (view, { place }) => createElement(AdverseEventsContent, { view, place }),
});
