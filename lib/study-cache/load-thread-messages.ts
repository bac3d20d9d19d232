/**
 * What the rendering thread and the study loading thread say to each other (./load-thread.ts): a load's request,
 * its pages as columns (./row-codec.ts), and the tokens and page turns the loading thread asks the rendering thread
 * for, so that the client secret, the token cache and the process's budget of pages in flight stay there.
 */
import type { Rejected } from "@/lib/partner-client/checked-records";
import { partnerErrorFromFacts } from "@/lib/partner-client/error-facts";
import { isPartnerError, type PartnerFailure } from "@/lib/partner-client/errors";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import type { EncodedPage } from "./row-codec";
import type { CachedRecordType } from "./row-mappers";

/** How a load failed, as plain data: a partner error's facts, the load's abort, or another error's message. */
export type Failure = { partner: PartnerFailure } | { aborted: true } | { message: string };

export interface LoadRequest {
  type: "load";
  id: number;
  /** The connection's address and identity: the secret is not sent (tokens are asked for). */
  connection: { baseUrl: string; partnerId: string; clientId: string };
  study: string;
  recordType: CachedRecordType;
  retry?: RetryPolicy;
  pageSize?: number;
  concurrency?: number;
}

export type ToLoadThread =
  | LoadRequest
  | { type: "abort"; id: number }
  | { type: "token"; id: number; ask: number; token?: string; failure?: Failure }
  | { type: "turn"; id: number; ask: number; failure?: Failure };

export type FromLoadThread =
  | { type: "token"; id: number; ask: number }
  | { type: "invalidate"; id: number; token: string }
  | { type: "turn"; id: number; ask: number }
  | { type: "release"; id: number; ask: number }
  /** `hashes`: the page's rows' content hashes; `digests`: their whole digests (./content-hashes.ts). */
  | { type: "page"; id: number; page: EncodedPage; hashes: Uint8Array; digests: Uint8Array }
  | { type: "progress"; id: number; loaded: number; total: number | null }
  | { type: "done"; id: number; total: number; rejected: Rejected }
  | { type: "failed"; id: number; failure: Failure };

/** A failure as plain data: `aborted` when the load's own signal ended it. */
export function failureOf(err: unknown, signal?: AbortSignal): Failure {
  if (isPartnerError(err)) return { partner: err.facts() };
  if (signal?.aborted) return { aborted: true };
  return { message: err instanceof Error ? err.message : String(err) };
}

/** The error to throw for a failure: the partner error it was, the abort's reason, or an error with its message. */
export function errorOf(failure: Failure, signal?: AbortSignal): unknown {
  if ("partner" in failure) return partnerErrorFromFacts(failure.partner);
  if ("aborted" in failure) return signal?.reason ?? new Error("The load was stopped.");
  return new Error(`The study loading thread failed: ${failure.message}`);
}
