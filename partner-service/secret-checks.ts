/**
 * How many client-secret checks run at once. A check is a scrypt hash (about
 * a tenth of a second of CPU and 16 MiB on a thread of Node's pool), so
 * unbounded checks let anyone pin the CPU with made-up credentials. A few run
 * at a time, a bounded number wait their turn, and one source may have only a
 * few running or waiting; beyond that a request is refused at once
 * (docs/partner-service.md, Rate limit).
 */
import { availableParallelism } from "node:os";
import { Turns } from "@/lib/runtime/turns";
import { ServiceError } from "./http";

export interface SecretCheckLimits {
  /** Checks running at once. */
  running: number;
  /** Checks waiting for a turn; a request beyond this is answered 503. */
  queued: number;
  /** Checks running or waiting for one source; a request beyond this is answered 429. */
  perSource: number;
}

/**
 * Running: as many as the machine has cores, at most Node's default thread pool (4), so file reads still get a
 * thread. Per source: half the queue. One address may be a whole portal (every user's token requests come from
 * the portal server), so it gets room for a burst of sign-ins and "Test connection" clicks: 16 checks of about
 * 65-100 ms each drain in well under a second at 2 running, while the other half of the queue stays free for
 * every other address (docs/partner-service.md, Rate limit).
 */
export const DEFAULT_SECRET_CHECK_LIMITS: SecretCheckLimits = {
  running: Math.max(1, Math.min(4, availableParallelism())),
  queued: 32,
  perSource: 16,
};

export interface SecretCheckGate {
  /** Runs `check` when a turn is free; throws a 429 or 503 ServiceError when the source or the queue is full. */
  run<T>(source: string, check: () => Promise<T>): Promise<T>;
  /** Checks running and waiting now (for tests). */
  readonly pending: number;
}

const RETRY = { "retry-after": "1" };

export function createSecretCheckGate(limits: SecretCheckLimits): SecretCheckGate {
  const turns = new Turns(limits.running, limits.queued);
  // One entry per source with a check running or waiting: at most running + queued entries.
  const bySource = new Map<string, number>();
  const busy = (status: 429 | 503, diagnostics: string) =>
    new ServiceError(status, status === 429 ? "throttled" : "transient", diagnostics, RETRY);

  return {
    async run(source, check) {
      const mine = bySource.get(source) ?? 0;
      if (mine >= limits.perSource)
        throw busy(429, "Too many token requests from this address at once. Retry after 1 seconds.");
      const turn = turns.enter();
      if (!turn) throw busy(503, "The token endpoint is busy. Retry after 1 seconds.");
      bySource.set(source, mine + 1);
      try {
        const release = await turn;
        try {
          return await check();
        } finally {
          release();
        }
      } finally {
        const left = (bySource.get(source) ?? 1) - 1;
        if (left > 0) bySource.set(source, left);
        else bySource.delete(source);
      }
    },
    get pending() {
      const { running, waiting } = turns.load;
      return running + waiting;
    },
  };
}
