/**
 * The studies list's rows (docs/design.md, The studies list): per connection, its health in one word, and per
 * study its access state and what the portal holds of it (counts and the time of the latest data), from what the
 * portal already knows: the user's own audit entries (lib/audit/connection-history.ts) and the study cache's
 * entries (StudyCache.held). Nothing here asks the partner service.
 */
import type { HistoryEntry } from "@/lib/audit/connection-history";
import type { HeldRecordType } from "@/lib/study-cache/study-cache";
import { subjectListOf } from "./subject-list";

/** What a count on a study's row counts; each opens the section that lists those records. */
export const COUNT_KINDS = {
  subjects: "subjects",
  AdverseEvent: "adverse events",
  laboratory: "laboratory results",
  "vital-signs": "vital-sign measurements",
  MedicationStatement: "medication records",
  DiagnosticReport: "response assessments",
} as const;
export type CountKind = keyof typeof COUNT_KINDS;

export type HealthWord = "Working" | "Refused" | "Unreachable" | "Unusable" | "Failing" | "Not tried";
export type AccessWord = "Granted" | "Refused" | "Failing" | "Not tried";

/** A state in a word, the reason in a word or two, and the entry it comes from (what and when). */
export interface State<W> {
  word: W;
  reason: string | null;
  /** What the portal last saw ("last test", "last load"), and when (ISO); null when it saw nothing. */
  basis: { what: string; at: string } | null;
}

export interface StudyCount {
  kind: CountKind;
  label: string;
  n: number;
}

export interface HeldSummary {
  /** When the newest of the held record types was loaded (epoch ms). */
  loadedAt: number;
  counts: StudyCount[];
}

export interface StudyRow {
  study: string;
  access: State<AccessWord>;
  /** Null: the portal holds nothing of the study ("not loaded yet"). */
  held: HeldSummary | null;
}

const SUBJECT_LIST = ["Group", "Patient", "AdverseEvent", "DiagnosticReport"] as const;
const CREDENTIAL_FIELDS = ["baseUrl", "partnerId", "clientId", "clientSecret"];

/** A failure kind (lib/partner-client/errors.ts, lib/connections/failure.ts) in a word or two. */
export function failureWords(kind: unknown): string {
  const words: Record<string, string> = {
    authentication: "secret refused",
    forbidden: "not granted",
    "not-found": "not found",
    unreachable: "unreachable",
    unavailable: "service down",
    "rate-limited": "too many requests",
    "not-allowed": "address not allowed",
    "secret-unreadable": "secret unreadable",
  };
  return typeof kind === "string" ? (words[kind] ?? kind.replace(/-/g, " ")) : "error";
}

const basis = (what: string, e: HistoryEntry) => ({ what, at: e.time });
const notTried = <W>(word: W): State<W> => ({ word, reason: null, basis: null });

/** A change of the connection's address or credentials: what was known before it no longer says anything. */
const changedCredentials = (e: HistoryEntry) =>
  e.action === "connection.update" &&
  Array.isArray(e.details.fields) &&
  e.details.fields.some((f) => CREDENTIAL_FIELDS.includes(String(f)));

const newest = (entries: HistoryEntry[]) =>
  entries.reduce<HistoryEntry | undefined>((a, e) => (a && a.id > e.id ? a : e), undefined);

/** The connection's health from its newest load, partner answer, test or change of credentials. */
export function connectionHealth(history: HistoryEntry[]): State<HealthWord> {
  const last = newest(history.filter((e) => e.action !== "connection.update" || changedCredentials(e)));
  if (!last) return notTried("Not tried");
  if (last.action === "connection.update")
    return { word: "Not tried", reason: "changed", basis: basis("change", last) };
  // A load, or the partner's refusal of a study: the partner accepted the credentials and answered.
  if (last.action === "study.load") return { word: "Working", reason: null, basis: basis("load", last) };
  if (last.action === "access.refused") return { word: "Working", reason: null, basis: basis("answer", last) };
  const { outcome, failure } = last.details;
  const tested = basis("test", last);
  if (outcome === "connected") return { word: "Working", reason: null, basis: tested };
  if (outcome === "unusable") return { word: "Unusable", reason: failureWords(failure), basis: tested };
  const word = failure === "authentication" ? "Refused" : failure === "unreachable" ? "Unreachable" : "Failing";
  return { word, reason: failureWords(failure), basis: tested };
}

type TestedStudy = { study?: unknown; status?: unknown; failure?: unknown };
const testedStudy = (e: HistoryEntry, study: string): TestedStudy | undefined =>
  e.action === "connection.test" && Array.isArray(e.details.studies)
    ? (e.details.studies as TestedStudy[]).find((s) => s.study === study)
    : undefined;

/** A study's access the last time the portal asked: its newest load, partner refusal, test or credentials change. */
export function studyAccess(history: HistoryEntry[], study: string): State<AccessWord> {
  const last = newest(
    history.filter((e) =>
      e.action === "connection.test" ? testedStudy(e, study) !== undefined : e.study === study || changedCredentials(e),
    ),
  );
  if (!last) return notTried("Not tried");
  if (last.action === "connection.update")
    return { word: "Not tried", reason: "changed", basis: basis("change", last) };
  if (last.action === "study.load") return { word: "Granted", reason: null, basis: basis("load", last) };
  if (last.action === "access.refused") return { word: "Refused", reason: "not granted", basis: basis("answer", last) };
  const tested = testedStudy(last, study)!;
  const at = basis("test", last);
  if (tested.status === "accessible") return { word: "Granted", reason: null, basis: at };
  if (tested.status === "forbidden") return { word: "Refused", reason: "not granted", basis: at };
  return { word: "Failing", reason: failureWords(tested.failure), basis: at };
}

/**
 * What the cache holds of a study, as counts: subjects (the subject list's rows, when all its record types are
 * held) and each record type's records; null when nothing is held.
 */
export function heldSummary(held: HeldRecordType[]): HeldSummary | null {
  if (held.length === 0) return null;
  const of = new Map(held.map((h) => [h.recordType, h.value]));
  const counts: StudyCount[] = [];
  if (SUBJECT_LIST.every((k) => of.has(k))) {
    const [group, patients, events, assessments] = SUBJECT_LIST.map((k) => of.get(k)!);
    const n = subjectListOf(group as never, patients as never, events as never, assessments as never).rows.length;
    counts.push({ kind: "subjects", label: COUNT_KINDS.subjects, n });
  }
  for (const kind of Object.keys(COUNT_KINDS) as CountKind[]) {
    const rows = of.get(kind)?.rows;
    if (kind !== "subjects" && rows) counts.push({ kind, label: COUNT_KINDS[kind], n: rows.length });
  }
  return { loadedAt: Math.max(...held.map((h) => h.loadedAt)), counts };
}

export function studyRow(study: string, history: HistoryEntry[], held: HeldRecordType[]): StudyRow {
  return { study, access: studyAccess(history, study), held: heldSummary(held) };
}
