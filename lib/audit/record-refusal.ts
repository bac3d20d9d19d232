/**
 * Refused accesses of signed-in users in the audit trail (docs/audit.md, "Refusals are aggregated"): a refusal costs
 * its user nothing to repeat, so each user gets at most one `access.refused` entry a minute per reason and via; it
 * counts in `unrecorded` that user's refusals of that kind since their last entry that had none of their own
 * (lib/audit/refusal-sampler.ts). The refusal stands whether or not its entry can be written: a failure is logged
 * on stderr (its kind only, nothing the request sent), never thrown at the request.
 */
import { processSingleton } from "@/lib/runtime/process-singleton";
import type { Store } from "@/lib/store/store";
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

/** `store` is the process's store (outside any write): the flushing timer writes to it later. */
export async function recordAccessRefusal(
  store: Store,
  r: AccessRefusal,
  sampler = accessRefusalSampler(),
  keys?: AuditKeys,
): Promise<void> {
  const sample = sampler.take(`${r.actor}|${r.reason}|${r.via}`, kept(r));
  if (sample.record) await guarded(() => write(store, r, sample.unrecorded, keys));
  // The process's own sampler is flushed by a timer of its own; a test's sampler by flushAccessRefusals.
  if (sampler === accessRefusalSampler()) startFlushing(store, keys);
}

/** Writes the refusals counted but not written whose minute has passed, one entry per user and kind. */
export async function flushAccessRefusals(
  store: Store,
  sampler = accessRefusalSampler(),
  keys?: AuditKeys,
): Promise<void> {
  for (const { latest, unrecorded } of sampler.due()) await guarded(() => write(store, latest, unrecorded, keys));
}

function startFlushing(store: Store, keys?: AuditKeys): void {
  processSingleton("accessRefusalFlush", () => {
    const timer = setInterval(() => flushAccessRefusals(store, accessRefusalSampler(), keys), FLUSH_INTERVAL_MS);
    // Never what keeps the process alive.
    timer.unref();
    return timer;
  });
}

async function write(store: Store, r: AccessRefusal, unrecorded: number, keys?: AuditKeys): Promise<void> {
  const { actor, address, reason, via, page, connectionId, study } = r;
  const details = { reason, via, page, unrecorded };
  await recordAudit(store, { actor, address, action: "access.refused", connectionId, study, details }, keys);
}

/** The refusal as a slot keeps it until its count is written: its texts cut short. */
function kept(r: AccessRefusal): AccessRefusal {
  const cut = (t: string | undefined) => t?.slice(0, KEPT_TEXT);
  return { ...r, page: cut(r.page), connectionId: cut(r.connectionId), study: cut(r.study) };
}

/** A refusal stands whether or not its entry can be written: a failure is logged, never thrown at the request. */
async function guarded(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    // A storage failure was logged where it happened (lib/audit/unavailable.ts).
    if (!(err instanceof AuditUnavailableError))
      console.error(`audit: a refused access could not be recorded (${err instanceof Error ? err.name : "unknown"}).`);
  }
}
