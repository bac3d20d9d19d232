/**
 * A connection's health and a study's access in one word (docs/design.md, The studies list), from the newest of what
 * the portal saw: the user's own audit entries (a load, the partner's refusal of a study, a connection test, a change
 * of credentials: lib/audit/connection-history.ts) and the loads of theirs that failed since (./load-failures.ts).
 */
import type { HistoryEntry } from "@/lib/audit/connection-history";
import type { LoadFailure, LoadFailureFacts } from "./load-failures";

export type HealthWord = "Working" | "Refused" | "Unreachable" | "Unusable" | "Failing" | "Not tried";
export type AccessWord = "Granted" | "Refused" | "Failing" | "Not tried";

/** A state in a word, the reason in a word or two, and the entry it comes from (what and when). */
export interface State<W> {
  word: W;
  reason: string | null;
  /** What the portal last saw ("last test", "last load"), and when (ISO); null when it saw nothing. */
  basis: { what: string; at: string } | null;
  /** The facts of the failed load the state comes from, for the words on what to do (components/feedback). */
  failure?: LoadFailureFacts;
}

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

/** The newest failed load, when it came after the newest entry: then it is the last thing the portal saw. */
function failedSince(failures: LoadFailure[], last: HistoryEntry | undefined): LoadFailure | undefined {
  const failed = failures.reduce<LoadFailure | undefined>((a, f) => (a && a.at >= f.at ? a : f), undefined);
  return failed && (last === undefined || failed.at > Date.parse(last.time)) ? failed : undefined;
}

/**
 * A failed load's reason in a word or two (no answer: timed out, or the connection failed), and what it is based on;
 * its facts kept for the words on what to do.
 */
function failedLoad<W>(word: W, { at, failure }: LoadFailure): State<W> {
  const noAnswer = failure.kind === "unreachable" && (failure.timedOut ? "timed out" : "connection failed");
  const reason = noAnswer || failureWords(failure.kind);
  return { word, reason, basis: { what: "failed load", at: new Date(at).toISOString() }, failure };
}

/** The connection's health in the words of a test's outcome: a refused secret, no answer, or another failure. */
function healthOf(kind: string): HealthWord {
  if (kind === "not-allowed" || kind === "secret-unreadable") return "Unusable";
  return kind === "authentication" ? "Refused" : kind === "unreachable" ? "Unreachable" : "Failing";
}

/**
 * The connection's health from its newest load, partner answer, test or change of credentials, or from a load of
 * the user's that failed after all of them (`failures`, of this connection).
 */
export function connectionHealth(history: HistoryEntry[], failures: LoadFailure[] = []): State<HealthWord> {
  const last = newest(history.filter((e) => e.action !== "connection.update" || changedCredentials(e)));
  const failed = failedSince(failures, last);
  if (failed) return failedLoad(healthOf(failed.failure.kind), failed);
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
  return { word: healthOf(String(failure)), reason: failureWords(failure), basis: tested };
}

type TestedStudy = { study?: unknown; status?: unknown; failure?: unknown };
const testedStudy = (e: HistoryEntry, study: string): TestedStudy | undefined =>
  e.action === "connection.test" && Array.isArray(e.details.studies)
    ? (e.details.studies as TestedStudy[]).find((s) => s.study === study)
    : undefined;

/**
 * A study's access the last time the portal asked: its newest load, partner refusal, test or credentials change, or
 * a load of it that failed after all of them (Failing, with the reason).
 */
export function studyAccess(history: HistoryEntry[], study: string, failures: LoadFailure[] = []): State<AccessWord> {
  const last = newest(
    history.filter((e) =>
      e.action === "connection.test" ? testedStudy(e, study) !== undefined : e.study === study || changedCredentials(e),
    ),
  );
  const failed = failedSince(
    failures.filter((f) => f.study === study),
    last,
  );
  if (failed) return failedLoad("Failing", failed);
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
