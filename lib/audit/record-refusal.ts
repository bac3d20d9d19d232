/**
 * Refused accesses of signed-in users in the audit trail (docs/audit.md, "Refusals are aggregated"): a refusal costs
 * its user nothing to repeat, so each user gets at most one `access.refused` entry a minute per reason and via; it
 * counts in `unrecorded` that user's refusals of that kind since their last entry that had none of their own
 * (lib/audit/refusal-sampler.ts). The refusal stands whether or not its entry can be written: a failure is logged
 * on stderr (its kind only, nothing the request sent), never thrown at the request.
 */
import type { Database } from "better-sqlite3";
import { processSingleton } from "@/lib/runtime/process-singleton";
import type { AuditEvent } from "./audit-events";
import type { AuditKeys } from "./audit-key";
import { recordAudit } from "./record-audit";
import { RefusalSampler } from "./refusal-sampler";
import { AuditUnavailableError } from "./unavailable";

type RefusalEvent = Extract<AuditEvent, { action: "access.refused" }>;

export interface AccessRefusal {
  /** The signed-in user refused. */
  actor: number;
  address: string | null;
  reason: RefusalEvent["details"]["reason"];
  via: RefusalEvent["details"]["via"];
  page?: RefusalEvent["details"]["page"];
  connectionId?: string;
  study?: string;
}

/** The process's sampler of access refusals: at most MAX_SAMPLED_KEYS (user, reason, via) at once. */
export const accessRefusalSampler = () =>
  processSingleton("accessRefusalSampler", () => new RefusalSampler<AccessRefusal>());

/** How often the counts whose minute has passed are written (RefusalSampler.due). */
export const FLUSH_INTERVAL_MS = 15_000;
/** Texts a kept refusal holds (a connection ID or study from an address): each cut to this, so a slot stays small. */
const KEPT_TEXT = 128;

export function recordAccessRefusal(
  db: Database,
  r: AccessRefusal,
  sampler = accessRefusalSampler(),
  keys?: AuditKeys,
): void {
  guarded(() => {
    const sample = sampler.take(`${r.actor}|${r.reason}|${r.via}`, kept(r));
    if (sample.record) write(db, r, sample.unrecorded, keys);
  });
  // The process's own sampler is flushed by a timer of its own; a test's sampler by flushAccessRefusals.
  if (sampler === accessRefusalSampler()) startFlushing(db, keys);
}

/** Writes the refusals counted but not written whose minute has passed, one entry per user and kind. */
export function flushAccessRefusals(db: Database, sampler = accessRefusalSampler(), keys?: AuditKeys): void {
  for (const { latest, unrecorded } of sampler.due()) guarded(() => write(db, latest, unrecorded, keys));
}

function startFlushing(db: Database, keys?: AuditKeys): void {
  processSingleton("accessRefusalFlush", () => {
    const timer = setInterval(() => flushAccessRefusals(db, accessRefusalSampler(), keys), FLUSH_INTERVAL_MS);
    // Never what keeps the process alive.
    timer.unref();
    return timer;
  });
}

function write(db: Database, r: AccessRefusal, unrecorded: number, keys?: AuditKeys): void {
  const { actor, address, reason, via, page, connectionId, study } = r;
  const details = { reason, via, page, unrecorded };
  recordAudit(db, { actor, address, action: "access.refused", connectionId, study, details }, keys);
}

/** The refusal as a slot keeps it until its count is written: its texts cut short. */
function kept(r: AccessRefusal): AccessRefusal {
  const cut = (t: string | undefined) => t?.slice(0, KEPT_TEXT);
  return { ...r, page: cut(r.page), connectionId: cut(r.connectionId), study: cut(r.study) };
}

/** A refusal stands whether or not its entry can be written: a failure is logged, never thrown at the request. */
function guarded(work: () => void): void {
  try {
    work();
  } catch (err) {
    // A storage failure was logged where it happened (lib/audit/unavailable.ts).
    if (!(err instanceof AuditUnavailableError))
      console.error(`audit: a refused access could not be recorded (${err instanceof Error ? err.name : "unknown"}).`);
  }
}
