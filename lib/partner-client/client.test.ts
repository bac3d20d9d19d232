import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Turns } from "@/lib/runtime/turns";
import { createTestService, northstarCreds as creds, TEST_BASE, type TestService } from "@/partner-service/testing";
import { MAX_RESPONSE_BYTES } from "./bounded-body";
import { PartnerClient } from "./client";
import {
  AuthenticationError,
  IncompleteSearchError,
  InvalidDataError,
  RateLimitedError,
  ResponseTooLargeError,
  StudyForbiddenError,
  UnavailableError,
} from "./errors";
import type { RetryPolicy } from "./retry";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 8, visits: 3 } });
});
afterAll(() => t.db.close());

const fast: RetryPolicy = { attempts: 4, baseDelayMs: 1, maxDelayMs: 5, timeoutMs: 5_000, maxRetryAfterMs: 3_000 };
const labCount = () =>
  (t.db.prepare("SELECT count(*) AS n FROM lab_results WHERE study_number = 'ONC-101'").get() as { n: number }).n;
const labIds = () =>
  (t.db.prepare("SELECT id FROM lab_results WHERE study_number = 'ONC-101' ORDER BY id").all() as { id: string }[]).map(
    (r) => r.id,
  );

/** Wraps the in-process service so a test can change answers by call. */
function scripted(intercept: (url: string, call: number) => Response | undefined | Promise<Response | undefined>): {
  fetch: typeof fetch;
  calls: string[];
} {
  const calls: string[] = [];
  const wrapped = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(url);
    return (await intercept(url, calls.length)) ?? t.fetch(input, init);
  }) as typeof fetch;
  return { fetch: wrapped, calls };
}

const isDataPage = (url: string, page: number) =>
  url.includes("category=laboratory") && (new URL(url).searchParams.get("page") ?? "1") === String(page);

describe("PartnerClient.searchAll", () => {
  it("loads every record of a record type, concurrently, with nothing missing or repeated", async () => {
    const client = new PartnerClient(creds, { fetch: t.fetch, retry: fast, pageSize: 50, concurrency: 4 });
    const progress: number[] = [];
    const totals = new Set<number | null>();
    const result = await client.searchAll("laboratory", "ONC-101", (p) => {
      progress.push(p.loaded);
      totals.add(p.total);
    });
    const ids = result.records.map((r) => r.id!).sort();
    expect(ids).toEqual(labIds());
    expect(progress.at(-1)).toBe(labCount());
    // Every report, the first page's included, is measured against the service's count.
    expect([...totals]).toEqual([labCount()]);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(result.total).toBe(labCount());
    expect(result.rejected.count).toBe(0);
  });

  it("gets a new token once when the token expires in the middle of paging", async () => {
    const tokenCalls: string[] = [];
    const s = scripted((url, call) => {
      if (url.includes("oauth2/token")) tokenCalls.push(url);
      // At the 4th request (token, page 1, page 2, page 3) the service's clock passes the token's expiry.
      if (call === 4) t.clock.now += 3_601_000;
      return undefined;
    });
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast, pageSize: 50, concurrency: 1 });
    const result = await client.searchAll("laboratory", "ONC-101");
    expect(result.records).toHaveLength(labCount());
    expect(tokenCalls).toHaveLength(2);
  });

  it("waits as Retry-After says after a 429, then goes on", async () => {
    const s = scripted((url) =>
      isDataPage(url, 2) && !s.calls.slice(0, -1).some((c) => isDataPage(c, 2))
        ? new Response("slow down", { status: 429, headers: { "retry-after": "1" } })
        : undefined,
    );
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast, pageSize: 100 });
    const started = Date.now();
    const result = await client.searchAll("laboratory", "ONC-101");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.records).toHaveLength(labCount());
  });

  it("retries a 503 and a dropped connection", async () => {
    let failures = 0;
    const s = scripted((url) => {
      if (!isDataPage(url, 3) || failures >= 2) return undefined;
      failures++;
      if (failures === 1) return new Response("<html>Service Unavailable</html>", { status: 503 });
      return new Response(new ReadableStream({ start: (c) => c.error(new Error("socket hang up")) }), { status: 200 });
    });
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast, pageSize: 100 });
    const result = await client.searchAll("laboratory", "ONC-101");
    expect(failures).toBe(2);
    expect(result.records).toHaveLength(labCount());
  });

  it("fails, never partial, when a page keeps failing", async () => {
    const s = scripted((url) => (isDataPage(url, 2) ? new Response("", { status: 503 }) : undefined));
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast, pageSize: 100 });
    await expect(client.searchAll("laboratory", "ONC-101")).rejects.toBeInstanceOf(UnavailableError);
    expect(s.calls.filter((c) => isDataPage(c, 2))).toHaveLength(fast.attempts);
  });

  it("refuses a page over MAX_RESPONSE_BYTES with a typed error, reading no further and asking no more", async () => {
    let pulled = 0;
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1 << 20;
          controller.enqueue(new Uint8Array(1 << 20).fill(0x20));
        },
      });
    const s = scripted((url) => (isDataPage(url, 2) ? new Response(endless()) : undefined));
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast, pageSize: 100 });
    const error = await client.searchAll("laboratory", "ONC-101").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ kind: "too-large", limitBytes: MAX_RESPONSE_BYTES, request: { what: "laboratory" } });
    // Not retried: the same answer would come again, as large.
    expect(s.calls.filter((c) => isDataPage(c, 2))).toHaveLength(1);
    expect(pulled).toBeLessThanOrEqual(MAX_RESPONSE_BYTES + (3 << 20));
  });

  it("gives up at once on a Retry-After beyond its patience", async () => {
    const s = scripted((url) =>
      url.includes("category=laboratory")
        ? new Response("", { status: 429, headers: { "retry-after": "3600" } })
        : undefined,
    );
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast });
    await expect(client.searchAll("laboratory", "ONC-101")).rejects.toBeInstanceOf(RateLimitedError);
  });

  it("keeps out records that do not fit, counts them with the reason, and shows the rest", async () => {
    const s = scripted(async (url) => {
      if (!isDataPage(url, 1)) return undefined;
      const bundle = await (await t.fetch(url, { headers: await authHeaders() })).json();
      delete bundle.entry[0].resource.subject;
      bundle.entry[1].resource.resourceType = "Oops";
      bundle.entry[2].resource.extension.push({ url: "https://elsewhere/unknown", valueString: "tolerated" });
      return Response.json(bundle);
    });
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast, pageSize: 100 });
    const result = await client.searchAll("laboratory", "ONC-101");
    expect(result.records).toHaveLength(labCount() - 2);
    expect(result.rejected.count).toBe(2);
    expect(result.rejected.reasons.map((r) => r.reason).join()).toMatch(/subject/);
  });

  it("follows a foreign server's links: other page size, extra parameters, a short last link", async () => {
    // A server that pages by an opaque cursor and whose last link is wrong.
    const s = scripted(async (url) => {
      const u = new URL(url);
      if (!u.pathname.endsWith("/observation")) return undefined;
      const page = Number(u.searchParams.get("cursor") ?? "1");
      const real = await (
        await t.fetch(`${TEST_BASE}${u.pathname}?researchstudy=ONC-101&category=laboratory&_count=70&page=${page}`, {
          headers: await authHeaders(),
        })
      ).json();
      const more = real.link.some((l: { relation: string }) => l.relation === "next");
      real.link = [
        { relation: "self", url },
        { relation: "last", url: `${TEST_BASE}${u.pathname}?cursor=2&session=x` },
        ...(more
          ? [{ relation: "next", url: `${TEST_BASE}${u.pathname}?cursor=${page + 1}&session=x&researchstudy=ONC-101` }]
          : []),
      ];
      return Response.json(real);
    });
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast });
    const result = await client.searchAll("laboratory", "ONC-101");
    expect(result.records.map((r) => r.id).sort()).toEqual(labIds());
  });

  it("loads a server's pages that carry no total, and reports the total as not known", async () => {
    const s = scripted(async (url) => {
      if (!url.includes("category=laboratory")) return undefined;
      const bundle = await (await t.fetch(url, { headers: await authHeaders() })).json();
      delete bundle.total;
      return Response.json(bundle);
    });
    const totals = new Set<number | null>();
    const result = await new PartnerClient(creds, { fetch: s.fetch, retry: fast, pageSize: 100 }).searchAll(
      "laboratory",
      "ONC-101",
      (p) => totals.add(p.total),
    );
    expect(result.records.map((r) => r.id).sort()).toEqual(labIds());
    expect([...totals]).toEqual([null]);
  });

  it("fails when fewer records arrive than the server counted", async () => {
    const s = scripted(async (url) => {
      if (!isDataPage(url, 1)) return undefined;
      const bundle = await (await t.fetch(url, { headers: await authHeaders() })).json();
      bundle.link = bundle.link.filter((l: { relation: string }) => l.relation !== "next" && l.relation !== "last");
      return Response.json(bundle);
    });
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast, pageSize: 100 });
    const failure = client.searchAll("laboratory", "ONC-101");
    await expect(failure).rejects.toBeInstanceOf(IncompleteSearchError);
    await expect(failure).rejects.toMatchObject({
      counted: labCount(),
      received: 100,
      request: { what: "laboratory", study: "ONC-101" },
    });
  });

  it("names a wrong secret and a forbidden study as such", async () => {
    const wrong = new PartnerClient({ ...creds, clientSecret: "wrong" }, { fetch: t.fetch, retry: fast });
    await expect(wrong.searchAll("Group", "ONC-101")).rejects.toBeInstanceOf(AuthenticationError);
    const client = new PartnerClient(creds, { fetch: t.fetch, retry: fast });
    await expect(client.searchAll("Group", "ONC-102")).rejects.toBeInstanceOf(StudyForbiddenError);
  });

  it("shares one token request among concurrent callers", async () => {
    const s = scripted(() => undefined);
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast });
    await Promise.all(
      ["AdverseEvent", "Group", "Patient", "MedicationStatement"].map((k) => client.searchAll(k as "Group", "ONC-101")),
    );
    expect(s.calls.filter((c) => c.includes("oauth2/token"))).toHaveLength(1);
  });

  it("reports an answer that is not JSON as invalid data", async () => {
    const s = scripted((url) =>
      url.includes("/Group") ? new Response("<html>proxy error</html>", { status: 200 }) : undefined,
    );
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast });
    await expect(client.searchAll("Group", "ONC-101")).rejects.toBeInstanceOf(InvalidDataError);
  });
});

describe("PartnerClient with an AbortSignal", () => {
  it("stops a search at the abort: no page is requested after it, and the search rejects with the reason", async () => {
    const controller = new AbortController();
    const stopped = new Error("stopped by the test");
    let callsAtAbort = 0;
    const s = scripted((url, call) => {
      if (isDataPage(url, 3)) {
        controller.abort(stopped);
        callsAtAbort = call;
      }
      return undefined;
    });
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast, pageSize: 10, concurrency: 2 });
    const pages = Math.ceil(labCount() / 10);
    expect(pages).toBeGreaterThan(6);
    await expect(client.searchAll("laboratory", "ONC-101", undefined, controller.signal)).rejects.toBe(stopped);
    // Pages already asked for may still answer; give them time, then check that none was asked for after the abort.
    await new Promise((r) => setTimeout(r, 50));
    expect(callsAtAbort).toBeGreaterThan(0);
    expect(s.calls).toHaveLength(callsAtAbort);
  });

  it("ends a wait between retries at the abort, without another attempt", async () => {
    const controller = new AbortController();
    const s = scripted((url) => {
      if (!url.includes("/Group")) return undefined;
      setTimeout(() => controller.abort(new Error("stopped")), 10);
      return new Response("", { status: 503 });
    });
    // A minute between attempts: only the abort can end the wait within the test's time.
    const slow: RetryPolicy = { ...fast, attempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 };
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: slow });
    await expect(client.proveAccess("ONC-101", controller.signal)).rejects.toThrow("stopped");
    expect(s.calls.filter((c) => c.includes("/Group"))).toHaveLength(1);
  });
});

describe("PartnerClient: a page that fails ends its search", () => {
  it("stops the search's other pages: none is asked for, nor retried, after the failure", async () => {
    let failedAt = 0;
    const s = scripted(async (url, call) => {
      // Page 2 is refused at once (not retried); the pages after it answer 503 a little later, again and again.
      if (isDataPage(url, 2)) {
        failedAt = call;
        return new Response("", { status: 400 });
      }
      if (url.includes("page=")) {
        await new Promise((r) => setTimeout(r, 5));
        return new Response("", { status: 503 });
      }
      return undefined;
    });
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast, pageSize: 10, concurrency: 4 });
    await expect(client.searchAll("laboratory", "ONC-101")).rejects.toMatchObject({ kind: "bad-request" });
    const atFailure = s.calls.length;
    // Unstopped, the pages in flight would go on retrying (4 attempts each, a few ms apart) for a while yet.
    await new Promise((r) => setTimeout(r, 100));
    expect(failedAt).toBeGreaterThan(0);
    expect(s.calls).toHaveLength(atFailure);
  });
});

describe("PartnerClient.proveAccess", () => {
  it("asks for one record of the study's Group, and fails as a load would", async () => {
    const s = scripted(() => undefined);
    const client = new PartnerClient(creds, { fetch: s.fetch, retry: fast });
    await client.proveAccess("ONC-101");
    const data = s.calls.filter((c) => !c.includes("oauth2/token"));
    expect(data).toHaveLength(1);
    expect(new URL(data[0]).searchParams.get("_count")).toBe("1");
    await expect(client.proveAccess("ONC-102")).rejects.toBeInstanceOf(StudyForbiddenError);
    const wrong = new PartnerClient({ ...creds, clientSecret: "wrong" }, { fetch: t.fetch, retry: fast });
    await expect(wrong.proveAccess("ONC-101")).rejects.toBeInstanceOf(AuthenticationError);
  });
});

async function authHeaders(): Promise<Record<string, string>> {
  const client = new PartnerClient(creds, { fetch: t.fetch, retry: fast });
  return { authorization: `Bearer ${await client.tokens.get()}`, "x-partnerid": creds.partnerId };
}

describe("pages in flight shared by searches (pageTurns)", () => {
  it("two searches side by side have no more pages in flight than the shared turns, and both complete", async () => {
    let inFlight = 0;
    let most = 0;
    const counting = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes("oauth2/token")) return t.fetch(input, init);
      most = Math.max(most, ++inFlight);
      try {
        // Long enough for every worker of both searches to be asking at once.
        await new Promise((r) => setTimeout(r, 2));
        return await t.fetch(input, init);
      } finally {
        inFlight--;
      }
    }) as typeof fetch;
    const pageTurns = new Turns(3);
    const options = { fetch: counting, retry: fast, pageSize: 20, concurrency: 8, pageTurns };
    const [labs, vitals] = await Promise.all([
      new PartnerClient(creds, options).searchMapped("laboratory", "ONC-101", (r) => r.id),
      new PartnerClient(creds, options).searchMapped("vital-signs", "ONC-101", (r) => r.id),
    ]);
    expect(labs.records).toHaveLength(labCount());
    expect(vitals.records.length).toBeGreaterThan(20);
    expect(most).toBe(3);
  });
});
