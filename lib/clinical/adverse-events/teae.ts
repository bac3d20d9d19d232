/**
 * Treatment-emergent adverse events (docs/clinical-rules.md, Treatment-emergent adverse events): an event is
 * treatment-emergent when it starts on or after the subject's first dose of the study drug. Dates are calendar
 * days, so an event that starts on the day of the first dose is treatment-emergent whatever the hours. An event
 * with no readable start may have begun on treatment, so it counts, the conservative reading, unless its end is
 * before the first dose. A subject without a known first dose has no recorded exposure: none of its events is
 * treatment-emergent, and the data notes count them.
 */

/** Why an event is or is not treatment-emergent. */
export type TeaeStatus =
  /** Starts on or after the first dose. */
  | "emergent"
  /** No readable start, and no end before the first dose: counted as treatment-emergent. */
  | "emergent-no-start"
  /** Starts (or, without a start, ends) before the first dose. */
  | "before-first-dose"
  /** The subject has no known first dose (or the event names no subject). */
  | "no-first-dose";

/** The status of an event from its start and end (`YYYY-MM-DD` or null) and its subject's first dose. */
export function teaeStatus(start: string | null, end: string | null, firstDose: string | null): TeaeStatus {
  if (firstDose === null) return "no-first-dose";
  // ISO calendar dates compare as text in the calendar's order.
  if (start !== null) return start >= firstDose ? "emergent" : "before-first-dose";
  return end !== null && end < firstDose ? "before-first-dose" : "emergent-no-start";
}

export const isTreatmentEmergent = (status: TeaeStatus) => status === "emergent" || status === "emergent-no-start";

/** The status in the listing's words. */
export const TEAE_WORDS: Readonly<Record<TeaeStatus, string>> = {
  emergent: "Yes",
  "emergent-no-start": "Yes (no start date)",
  "before-first-dose": "No (before the first dose)",
  "no-first-dose": "No (no first dose known)",
};
