/** What a PartnerClient is given (its options) and what its searches give back (results, progress). */
import type { Turns } from "@/lib/runtime/turns";
import type { Rejected } from "./checked-records";
import type { RetryPolicy } from "./retry";
import type { TokenProvider } from "./token";

export interface ClientOptions {
  fetch?: typeof fetch;
  retry?: RetryPolicy;
  /**
   * Pages fetched at once. The default, 16, hides 50 ms of latency per request
   * behind the parsing of the pages already received while keeping a partner's
   * load modest (bench:portal, 50 ms, after warm-up: 12 pages in flight took
   * 13.5-15.3 s, 16 took 12.9-14.3 s, 24 took 12.3-12.6 s).
   */
  concurrency?: number;
  /**
   * Pages in flight across every search that shares these turns (the study cache gives all its clients one):
   * each page in flight holds its body and its parsed resources, so the loads running side by side share one
   * budget instead of each bringing its own `concurrency`.
   */
  pageTurns?: Pick<Turns, "enter">;
  pageSize?: number;
  now?: () => number;
  /**
   * Tokens from elsewhere instead of the client's own TokenSource: the loading thread's client asks the rendering
   * thread's, so that one token serves both and the secret never leaves the rendering thread.
   */
  tokens?: TokenProvider;
  /**
   * Whether these credentials have obtained a token before (the study cache remembers it beyond one client's life):
   * a 429 to the token request of credentials never proven is final (./retry.ts, isRetryableTokenStatus).
   */
  proven?: () => boolean;
}

export interface SearchResult<R> {
  records: R[];
  total: number;
  rejected: Rejected;
}

export interface Progress {
  loaded: number;
  /** The service's count; null when its pages carry none (then progress shows no "of N"). */
  total: number | null;
}
