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
export const accessRefusalSampler = () => processSingleton("accessRefusalSampler", () => new RefusalSampler());

export function recordAccessRefusal(
  db: Database,
  r: AccessRefusal,
  sampler = accessRefusalSampler(),
  keys?: AuditKeys,
): void {
  try {
    const sample = sampler.take(`${r.actor}|${r.reason}|${r.via}`);
    if (!sample.record) return;
    const { actor, address, reason, via, page, connectionId, study } = r;
    const details = { reason, via, page, unrecorded: sample.unrecorded };
    recordAudit(db, { actor, address, action: "access.refused", connectionId, study, details }, keys);
  } catch (err) {
    // A storage failure was logged where it happened (lib/audit/unavailable.ts).
    if (!(err instanceof AuditUnavailableError))
      console.error(`audit: a refused access could not be recorded (${err instanceof Error ? err.name : "unknown"}).`);
  }
}
