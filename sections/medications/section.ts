/** The Medications section: subjects per drug, and every medication record. */
import { createElement } from "react";
import { defineSection } from "@/sections/frame/section";
import { loadMedications } from "./load";
import { medicationNotes } from "./notes";
import { parseMedicationQuery } from "./query";
import { MedicationsContent } from "./ui/MedicationsContent";

export const MEDICATIONS = defineSection({
  slug: "medications",
  title: "Medications",
  parseQuery: parseMedicationQuery,
  load: loadMedications,
  notes: (view, { place }) => medicationNotes(view, place.base),
  content: (view, { place }) => createElement(MedicationsContent, { view, place }),
});
