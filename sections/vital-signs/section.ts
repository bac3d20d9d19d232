/** The Vital signs section: per item and unit, a summary and distribution by visit, and the records. */
import { createElement } from "react";
import { defineSection } from "@/sections/frame/section";
import { loadVitalSigns } from "./load";
import { vitalSignsNotes } from "./notes";
import { parseVitalQuery } from "./query";
import { VitalSignsContent } from "./ui/VitalSignsContent";

export const VITAL_SIGNS = defineSection({
  slug: "vital-signs",
  title: "Vital signs",
  parseQuery: parseVitalQuery,
  load: loadVitalSigns,
  notes: (view, { place }) => vitalSignsNotes(view, place.base),
  content: (view, { place }) => createElement(VitalSignsContent, { view, place }),
});
