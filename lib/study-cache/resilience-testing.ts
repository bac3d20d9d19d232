/**
 * What the resilience tests share: a whole study loaded through a study cache whose clients reach the partner
 * service over real HTTP (partner-service/http-testing.ts), and the same study's rows from a fault-free service
 * on the same database, in-process: the right answer, worked out without any fault in the way.
 */
import { afterAll, beforeAll } from "vitest";
import { isPartnerError, type PartnerError } from "@/lib/partner-client/errors";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { createPartnerService } from "@/partner-service/service";
import { createTestDatabase, credsOf, northstar, TEST_ADDRESS, TEST_BASE, testConfig } from "@/partner-service/testing";
import { type CachedRecordType, type CachedRows, ROW_MAPPERS } from "./row-mappers";
import { StudyCache, type StudyCacheOptions } from "./study-cache";

/** The partner service's own database (not the portal store), as partner-service/testing.ts makes it. */
type ServiceDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

export const STUDY = "ONC-101";
/** Every record type the cache keeps: a whole study. */
export const ALL_TYPES = Object.keys(ROW_MAPPERS) as CachedRecordType[];
/** Small pages, so that a study of a few dozen subjects takes a few hundred requests for the faults to strike. */
export const PAGE_SIZE = 20;
/** The generated data of every resilience test: ONC-101 with these subjects and visits. */
export const DATA = { subjects: 24, visits: 3 };

/** Where a test's loads run: each resilience test runs in both (./load-thread.ts). */
export const LOAD_PLACES = [
  { where: "in the caller's thread", loadThread: false },
  { where: "on the loading thread", loadThread: true },
];

/** What the load of one record type ended with: its rows, or the error that ended it. */
export type Outcome = { rows: unknown[]; received: number } | { error: unknown };
export type StudyOutcome = Record<CachedRecordType, Outcome>;

/** A study cache whose partner clients use `retry` and pages of PAGE_SIZE; the client's clock is `now` if given. */
export function faultTestCache(retry: RetryPolicy, over: Partial<StudyCacheOptions> = {}): StudyCache {
  return new StudyCache({
    ttlMs: 3_600_000,
    maxBytes: 256 * 1024 * 1024,
    ...over,
    client: { retry, pageSize: PAGE_SIZE, now: over.now, ...over.client },
  });
}

/** Northstar's credentials at the service at `baseUrl`. */
export const northstarAt = (baseUrl: string): PartnerCredentials => credsOf(northstar, baseUrl);

/** Every record type of the study through `cache`, side by side as the study's views ask for them. */
export async function loadStudy(cache: StudyCache, creds: PartnerCredentials, study = STUDY): Promise<StudyOutcome> {
  const settled = await Promise.allSettled(ALL_TYPES.map((type) => cache.rows(creds, study, type)));
  const outcome = {} as StudyOutcome;
  ALL_TYPES.forEach((type, i) => {
    const s = settled[i];
    outcome[type] =
      s.status === "fulfilled"
        ? { rows: s.value.value.rows, received: (s.value.value as CachedRows<unknown>).received }
        : { error: s.reason };
  });
  return outcome;
}

/** The study's rows of every record type from a fault-free service on `db`, in-process (no socket, no retry). */
export async function referenceRows(db: ServiceDatabase, study = STUDY): Promise<StudyOutcome> {
  const service = createPartnerService(db, testConfig());
  const inProcess = (async (input: RequestInfo | URL, init?: RequestInit) =>
    service.handle(new Request(input, init), { sourceAddress: TEST_ADDRESS })) as typeof fetch;
  const noRetry: RetryPolicy = { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, timeoutMs: 5_000, maxRetryAfterMs: 0 };
  const cache = faultTestCache(noRetry, { client: { fetch: inProcess } });
  const outcome = await loadStudy(cache, credsOf(northstar, TEST_BASE), study);
  for (const [type, o] of Object.entries(outcome)) if ("error" in o) throw new Error(`reference ${type}: ${o.error}`);
  return outcome;
}

/** The partner error that ended a load, or a failure of the test naming what ended it instead. */
export function partnerErrorOf(outcome: Outcome): PartnerError {
  if (!("error" in outcome)) throw new Error("the load completed; an error was expected");
  if (!isPartnerError(outcome.error)) throw new Error(`not a partner error: ${String(outcome.error)}`);
  return outcome.error;
}

/**
 * The longest a request can go unanswered before the client gives up (docs/resilience.md): the time-outs of the
 * attempts that may time out (`maxTimeouts`, else every attempt), and the longest wait between them (the backoff's
 * ceiling; no Retry-After comes without an answer).
 */
export function giveUpAfterMs(policy: RetryPolicy): number {
  const timedOut = Math.min(policy.attempts, policy.maxTimeouts ?? policy.attempts);
  let waits = 0;
  for (let a = 0; a < timedOut - 1; a++) waits += Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** a);
  return timedOut * policy.timeoutMs + waits;
}

/** A test file's database (DATA) and its study's fault-free rows, made before its tests and closed after them. */
export function studyDatabase(): { readonly db: ServiceDatabase; readonly reference: StudyOutcome } {
  const held = {} as { db: ServiceDatabase; reference: StudyOutcome };
  beforeAll(async () => {
    held.db = await createTestDatabase(DATA);
    held.reference = await referenceRows(held.db);
  });
  afterAll(() => held.db.close());
  return held;
}
