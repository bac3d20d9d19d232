/**
 * The profile's notes against the timeline as drawn (lib/clinical/subjects/timeline.ts); expected texts written by
 * hand.
 */
import { describe, expect, it } from "vitest";
import type { AdverseEventRow } from "@/lib/clinical/adverse-events/rows";
import type { MedicationRow } from "@/lib/clinical/medications/rows";
import { buildTimeline } from "@/lib/clinical/subjects/timeline";
import type { SubjectProfileView } from "./load";
import { subjectProfileNotes } from "./notes";

const REFERENCE = { date: "2024-02-27", source: "first dose" as const };
const ae = (key: string, over: Partial<AdverseEventRow>) =>
  ({ key, term: "Rash", grade: 2, start: "2024-03-01", end: "2024-03-03", ongoing: false, ...over }) as AdverseEventRow;
const med = (id: string, over: Partial<MedicationRow>) =>
  ({
    id,
    drug: "aspirin",
    start: "2024-03-01",
    end: "2024-03-03",
    unreadableStart: null,
    unreadableEnd: null,
    sourceType: null,
    ...over,
  }) as MedicationRow;

function notesOf(adverseEvents: AdverseEventRow[], medications: MedicationRow[]) {
  const timeline = buildTimeline({
    reference: REFERENCE,
    adverseEvents,
    medications,
    products: [],
    assessments: [],
    labs: [],
    vitals: [],
  });
  const view = {
    found: true,
    reference: REFERENCE,
    timeline,
    adverseEvents,
    medications,
    repeated: { adverseEvents: 0, assessments: 0 },
  } as unknown as SubjectProfileView;
  return subjectProfileNotes(view);
}

describe("subjectProfileNotes: what the timeline draws at the start day only is counted", () => {
  it("counts events and medications by how they were drawn", () =>
    expect(
      notesOf(
        [
          ae("a", { end: null }), // no end, not ongoing
          ae("b", { end: "2024-02-28" }), // ends before it starts
          ae("c", { end: "2024-02-28", ongoing: true }), // ongoing: drawn to the last data day, not at its start
        ],
        [
          med("m1", { end: null, unreadableEnd: "2024-02-30" }), // an end that is no date
          med("m2", { end: "2024-02-28" }), // ends before it starts
          med("m3", { end: null }), // open-ended: drawn to the last data day
        ],
      ),
    ).toEqual([
      "Adverse events with no end date that are not marked ongoing, drawn at their start day only: 1.",
      "Adverse events that end before they start, drawn at their start day only and flagged in the table: 1.",
      "Medications whose end is no readable date, drawn at their start day only (the table shows the end as sent): 1.",
      "Medications that end before they start, drawn at their start day only: 1.",
    ]));
});
