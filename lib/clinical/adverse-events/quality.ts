/**
 * What is odd in a study's adverse events, counted so that the view can say it (docs/clinical-rules.md, Adverse
 * events in a study): nothing the tables leave out or read in a particular way goes unmentioned.
 */
import type { AeListingRow } from "./listing";
import { SOC_UNMAPPED } from "./soc";
import type { AeStudy } from "./study";
import { worstGrades } from "./summary";

export interface AeQuality {
  /** Records whose key was sent before. */
  duplicates: number;
  /**
   * Events whose subject is not a member of the Group or that name no Patient; the distinct subjects of the former
   * (an event naming no Patient is of no subject), and the number of the latter.
   */
  outside: { events: number; subjects: number; noSubject: number };
  /** Group members without a Patient record: in N, but with no events. */
  membersWithoutPatient: number;
  /** All distinct events (members' or not). */
  ungraded: number;
  endBeforeStart: number;
  noStart: number;
  /** Events per CTCAE version as sent, `null` for none; in falling number. */
  ctcaeVersions: { version: string | null; events: number }[];
  /** Subject-term pairs with graded and ungraded events (counted at the highest known grade). */
  mixedGrades: number;
  /** All distinct events whose end-date extension is no readable date. */
  unreadableEnd: number;
  /** The members' events whose subject has no known first dose (never treatment-emergent), and those subjects. */
  noFirstDose: { events: number; subjects: number };
  /** The members' events without a start date counted as treatment-emergent (no end before the first dose). */
  teaeNoStart: number;
  /** The members' terms that CTCAE v5.0 does not have (shown under "Unmapped"), and their events. */
  unmapped: { terms: number; events: number };
}

export function aeQuality(study: AeStudy, rows: readonly AeListingRow[]): AeQuality {
  const outsideSubjects = new Set<string>();
  const versions = new Map<string | null, number>();
  let outside = 0;
  let noSubject = 0;
  let ungraded = 0;
  let noStart = 0;
  for (const r of rows) {
    if (!r.inGroup) {
      outside++;
      if (r.subjectId === null) noSubject++;
      else outsideSubjects.add(r.subjectId);
    }
    if (r.grade === null) ungraded++;
    if (r.start === null) noStart++;
    versions.set(r.ctcaeVersion, (versions.get(r.ctcaeVersion) ?? 0) + 1);
  }
  const members = memberCounts(rows);
  let mixedGrades = 0;
  for (const subjects of worstGrades(study).values())
    for (const w of subjects.values()) if (w.grade !== 0 && w.ungraded) mixedGrades++;
  return {
    duplicates: study.duplicates,
    outside: { events: outside, subjects: outsideSubjects.size, noSubject },
    membersWithoutPatient: study.subjects.filter((s) => s.subjectId === null).length,
    ungraded,
    endBeforeStart: rows.filter((r) => r.start !== null && r.end !== null && r.end < r.start).length,
    noStart,
    ctcaeVersions: [...versions]
      .map(([version, events]) => ({ version, events }))
      .sort((a, b) => b.events - a.events || String(a.version).localeCompare(String(b.version))),
    mixedGrades,
    unreadableEnd: rows.filter((r) => r.unreadableEnd !== undefined).length,
    ...members,
  };
}

/** What the notes count of the members' events: no first dose, TEAE without a start, unmapped terms. */
function memberCounts(rows: readonly AeListingRow[]) {
  const noDoseSubjects = new Set<string | null>();
  const unmappedTerms = new Set<string>();
  let noFirstDose = 0;
  let teaeNoStart = 0;
  let unmapped = 0;
  for (const r of rows) {
    if (!r.inGroup) continue;
    if (r.teae === "no-first-dose") {
      noFirstDose++;
      noDoseSubjects.add(r.subjectId);
    }
    if (r.teae === "emergent-no-start") teaeNoStart++;
    if (r.soc === SOC_UNMAPPED) {
      unmapped++;
      unmappedTerms.add(r.term);
    }
  }
  return {
    noFirstDose: { events: noFirstDose, subjects: noDoseSubjects.size },
    teaeNoStart,
    unmapped: { terms: unmappedTerms.size, events: unmapped },
  };
}
