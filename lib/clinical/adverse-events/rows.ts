/**
 * AdverseEvent records as the compact rows the cache keeps (docs/partner-service.md,
 * AdverseEvent): everything the adverse-event views list and count, read
 * tolerantly. Nothing is guessed: a grade, a date or a flag the record does
 * not carry stays null, so the views can count it as missing.
 */
import type { AdverseEventResource, Extension } from "@/partner-api/resources";
import { calendarDate } from "../common/dates";
import { extensionText, type Intern, noIntern, subjectOf } from "../common/fhir";
import type { SubjectRecord } from "../subjects/counts";

export type Grade = 1 | 2 | 3 | 4 | 5;

export interface AdverseEventRow extends SubjectRecord {
  /** `identifier.value`, e.g. `ONC-101-MRN971662-4-1`. */
  key: string;
  sequence: number | null;
  term: string;
  grade: Grade | null;
  /** The CTCAE version as written in tables (`4.03`, `5.0`); null when the record has none. */
  ctcaeVersion: string | null;
  /** Calendar dates `YYYY-MM-DD`. */
  start: string | null;
  end: string | null;
  /**
   * The end-date extension as sent when it is no readable date; undefined when the end is readable or not sent. An
   * unreadable end is an unknown end, never an open one (docs/clinical-rules.md, Unreadable end dates).
   */
  unreadableEnd?: string;
  ongoing: boolean | null;
  outcome: string | null;
  causality: string | null;
  suspectProduct: string | null;
  verified: boolean | null;
}

/**
 * Causality assessments that count as "related" in the AE overview: the WHO-UMC categories that say the
 * product at least possibly caused the event (docs/clinical-rules.md, What counts as related).
 */
const RELATED = new Set(["certain", "probably/likely", "probable", "likely", "possible", "related"]);

export const isRelated = (causality: string | null) => causality !== null && RELATED.has(causality.toLowerCase());

/**
 * Which causality values count as related (docs/clinical-rules.md, What counts as related): `assessed`, those that
 * say the product at least possibly caused the event (isRelated); `conservative`, also those that leave the
 * question open: no assessment, Conditional/Classified and Unassessable/Unclassifiable.
 */
export type Relatedness = "assessed" | "conservative";

const UNDECIDED = new Set([
  "conditional/classified",
  "conditional",
  "classified",
  "unassessable/unclassifiable",
  "unassessable",
  "unclassifiable",
]);

/** Whether an event counts as related under the reading. */
export function isRelatedUnder(causality: string | null, reading: Relatedness): boolean {
  if (isRelated(causality)) return true;
  return reading === "conservative" && (causality === null || UNDECIDED.has(causality.toLowerCase()));
}

/** The term of an event that names none (the SDTM export writes it as missing). */
export const TERM_MISSING = "(no term)";

export function adverseEventRow(ae: AdverseEventResource, intern: Intern = noIntern): AdverseEventRow {
  const identifier = Array.isArray(ae.identifier) ? ae.identifier[0] : ae.identifier;
  const coding = ae.event?.coding?.[0];
  const causality = ae.suspectEntity?.[0]?.causality?.[0];
  const text = (s: string | undefined) => (s === undefined || s.trim() === "" ? null : intern(s.trim()));
  const ext = (name: string) => extensionText(ae.extension, name);
  return {
    key: identifier.value,
    subjectId: subjectOf(ae.subject.reference, intern),
    sequence: wholeNumber(ext("AdverseEventSequenceNumber")),
    term: intern(text(ae.event?.text) ?? text(coding?.display) ?? text(coding?.code) ?? TERM_MISSING),
    grade: gradeOf(ext("Grade")),
    ctcaeVersion: ctcaeVersionOf(ae.extension),
    start: calendarDate(ae.date) ?? calendarDate(ext("StartDate")),
    end: calendarDate(ext("EndDate")),
    unreadableEnd: unreadableDate(ext("EndDate")),
    ongoing: flagOf(ext("AEOngoing")),
    outcome: text(ae.outcome?.coding?.[0]?.display ?? ae.outcome?.text ?? ae.outcome?.coding?.[0]?.code),
    causality: text(causality?.assessment?.coding?.[0]?.display ?? causality?.assessment?.text),
    suspectProduct: text(causality?.productRelatedness),
    verified: flagOf(ext("VerifiedIndicator")),
  };
}

/** A date text that was sent (not blank) but reads as no date, as sent; else undefined. */
function unreadableDate(text: string | undefined): string | undefined {
  return text !== undefined && calendarDate(text) === null ? text : undefined;
}

function wholeNumber(text: string | undefined): number | null {
  const n = Number(text);
  return text !== undefined && Number.isInteger(n) ? n : null;
}

function gradeOf(text: string | undefined): Grade | null {
  const n = wholeNumber(text);
  return n !== null && n >= 1 && n <= 5 ? (n as Grade) : null;
}

function flagOf(text: string | undefined): boolean | null {
  const t = text?.toLowerCase();
  if (t === "1" || t === "true" || t === "y" || t === "yes") return true;
  if (t === "0" || t === "false" || t === "n" || t === "no") return false;
  return null;
}

/**
 * The CTCAE version is the extension at `<ctc_base>` itself (no fragment), whose `#Grade` sibling carries the
 * grade. JSON drops the `.0` of 5.0, so a whole number gets it back.
 */
function ctcaeVersionOf(extensions: readonly Extension[] | undefined): string | null {
  const grade = extensions?.find((e) => e.url.toLowerCase().endsWith("#grade"));
  const base = grade?.url.slice(0, grade.url.length - "#grade".length);
  const version =
    extensions?.find((e) => base !== undefined && e.url === base) ??
    extensions?.find((e) => !e.url.includes("#") && /ctc/i.test(e.url));
  const value = version?.valueDecimal ?? version?.valueString;
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(1) : String(value);
  if (typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim()))
    return value.includes(".") ? value.trim() : `${value.trim()}.0`;
  return null;
}
