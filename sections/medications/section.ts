/** The Medications section: subjects per drug, and every medication record. */
import { createElement } from "react";
import { defineSection } from "@/sections/frame/section";
import { loadMedications, parseMedicationQuery } from "./load";
import { medicationNotes } from "./notes";
import { MedicationsContent } from "./ui/MedicationsContent";

export const MEDICATIONS = defineSection({
  slug: "medications",
  title: "Medications",
  parseQuery: parseMedicationQuery,
  load: loadMedications,
  notes: (view, { place }) => medicationNotes(view, place.base),
  content: (view, { place }) => createElement(MedicationsContent, { view, place }),
});
