/**
 * The adverse-event data notes that come from the page's own derivations: events whose subject has no known first
 * dose (never treatment-emergent), events without a start date counted as treatment-emergent, end dates that are
 * no date, and terms with no system organ class (docs/clinical-rules.md, Treatment-emergent adverse events, System
 * organ class). Each count opens the listing of exactly its events.
 */
import type { AeQuality } from "@/lib/clinical/adverse-events/quality";
import { SOC_UNMAPPED } from "@/lib/clinical/adverse-events/soc";
import { countedNotes } from "@/sections/frame/note-rules";
import { type DataNote, linkedNote, plural } from "@/sections/frame/ui/notices";
import { type ListingParams, listingHref } from "./query";

export function derivationNotes(q: AeQuality, base: string): DataNote[] {
  // The page's state the listing opens with: none but the TEAE choice where a note counts the TEAE events.
  const listing = (filter: ListingParams, teae = false) =>
    listingHref(base, new URLSearchParams(teae ? "teae=1" : ""), filter);
  return countedNotes([
    [
      q.noFirstDose.events,
      (n) =>
        linkedNote(
          `${plural(n, "adverse event")} of ${plural(q.noFirstDose.subjects, "subject")} in the Group`,
          listing({ scope: "group", flag: "no-first-dose" }),
          " whose first dose of the study drug is unknown (no study-drug record with a readable start): never " +
            "treatment-emergent, and no study day.",
        ),
    ],
    [
      q.teaeNoStart,
      (n) =>
        linkedNote(
          `${plural(n, "adverse event")} of the Group without a start date`,
          listing({ scope: "group", flag: "no-start" }, true),
          `: ${n === 1 ? "it counts" : "they count"} as treatment-emergent, since none ends before the subject's ` +
            "first dose (an event without a start may have begun on treatment).",
        ),
    ],
    [
      q.unreadableEnd,
      (n) =>
        linkedNote(
          `${plural(n, "adverse event")} with an end date that is no date`,
          listing({ flag: "unreadable-end" }),
          ': shown as sent, marked "unreadable"; no duration, and not taken for an ongoing event.',
        ),
    ],
    [
      q.unmapped.terms,
      (n) =>
        linkedNote(
          `${plural(n, "term")} (${plural(q.unmapped.events, "event")} of the Group)`,
          listing({ scope: "group", soc: SOC_UNMAPPED }),
          ` that CTCAE v5.0 does not have: no system organ class, shown under "${SOC_UNMAPPED}".`,
        ),
    ],
  ]);
}
