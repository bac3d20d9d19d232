/**
 * The audit pages' URL state: filters (user, action, study, from, to) and the page (older / newer than an entry
 * ID). A value that is not valid falls back to its default with a note that says which filter was ignored; the
 * value itself is never repeated to the page.
 */
import { STUDY_NUMBER } from "@/partner-api/study-number";
import { AUDIT_ACTIONS, type AuditAction } from "./audit-events";
import type { AuditCursor, AuditFilters } from "./list-entries";
import { parseTimeBound } from "./time-range";

export interface AuditQuery {
  filters: AuditFilters;
  cursor: AuditCursor;
  /** The filters as the URL should carry them (only valid ones), for links and the form. */
  shown: Partial<Record<"user" | "action" | "study" | "from" | "to", string>>;
  notes: string[];
}

const POSITIVE_ID = /^[1-9]\d{0,15}$/;
const idOf = (text: string | null) => (text && POSITIVE_ID.test(text) ? Number(text) : undefined);

/** `withUser`: whether the page offers the user filter (the admin page) or shows one user's entries only. */
export function parseAuditQuery(params: URLSearchParams, withUser: boolean): AuditQuery {
  const filters: AuditFilters = {};
  const shown: AuditQuery["shown"] = {};
  const notes: string[] = [];
  const text = (name: string) => params.get(name)?.trim() || undefined;

  const user = text("user");
  if (withUser && user !== undefined) {
    if (user === "none" || POSITIVE_ID.test(user)) {
      filters.user = user === "none" ? "none" : Number(user);
      shown.user = user;
    } else notes.push("The user filter was not one of the choices and is ignored: entries of every user are shown.");
  }
  const action = text("action");
  if (action !== undefined) {
    if ((AUDIT_ACTIONS as readonly string[]).includes(action)) filters.action = shown.action = action as AuditAction;
    else notes.push("The action filter was not one of the actions and is ignored: every action is shown.");
  }
  const study = text("study");
  if (study !== undefined) {
    if (STUDY_NUMBER.test(study)) filters.study = shown.study = study;
    else notes.push("The study filter was not a study number (such as ONC-101) and is ignored.");
  }
  timeFilters(text("from"), text("to"), filters, shown, notes);

  const older = idOf(params.get("older"));
  const newer = idOf(params.get("newer"));
  const cursor: AuditCursor = older ? { older } : newer ? { newer } : undefined;
  if ((params.has("older") && !older) || (params.has("newer") && !newer))
    notes.push("The page asked for was not one: the newest entries are shown.");
  return { filters, cursor, shown, notes };
}

function timeFilters(
  from: string | undefined,
  to: string | undefined,
  filters: AuditFilters,
  shown: AuditQuery["shown"],
  notes: string[],
): void {
  const bound = (value: string | undefined, side: "from" | "to") => {
    if (value === undefined) return undefined;
    const iso = parseTimeBound(value, side);
    if (iso === undefined)
      notes.push(
        `The "${side}" time was not a date (such as 2026-05-01) or a date and time with its zone, and is ignored.`,
      );
    return iso;
  };
  const start = bound(from, "from");
  const end = bound(to, "to");
  if (start && end && start >= end) {
    notes.push('The "from" time is after the "to" time: both are ignored.');
    return;
  }
  if (start) [filters.from, shown.from] = [start, from];
  if (end) [filters.toExclusive, shown.to] = [end, to];
}

/** The query string of these filters and page, for links (only values that passed the checks above). */
export function auditQueryString(shown: AuditQuery["shown"], cursor?: AuditCursor): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(shown)) if (v) q.set(k, v);
  if (cursor && "older" in cursor) q.set("older", String(cursor.older));
  if (cursor && "newer" in cursor) q.set("newer", String(cursor.newer));
  const s = q.toString();
  return s ? `?${s}` : "";
}
