/**
 * The client requests only its connection's own address: the base URL passed
 * the allow-list, but redirects and paging links come from the service and
 * must not steer this server's requests elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService, northstarCreds as creds, TEST_BASE, type TestService } from "@/partner-service/testing";
import { PartnerClient } from "./client";
import { ForeignLinkError, RedirectedError } from "./errors";
import type { RetryPolicy } from "./retry";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 4, visits: 2 } });
});
afterAll(() => t.db.close());

const fast: RetryPolicy = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2, timeoutMs: 5_000, maxRetryAfterMs: 1_000 };
const ELSEWHERE = "http://169.254.169.254/latest/meta-data";

type Seen = { url: string; redirect: RequestRedirect | undefined };

/** The in-process service, with `answer` able to replace a response; records every request and its redirect mode. */
function service(
  answer: (url: string, real: () => Promise<Response>) => Promise<Response | undefined> | undefined = () => undefined,
) {
  const seen: Seen[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), redirect: init?.redirect });
    const real = () => t.fetch(input, init);
    return (await answer(String(input), real)) ?? real();
  }) as typeof fetch;
  return { client: new PartnerClient(creds, { fetch: fetchImpl, retry: fast, pageSize: 2 }), seen };
}

const redirect = () => new Response(null, { status: 302, headers: { location: ELSEWHERE } });

describe("the partner client's addresses", () => {
  it("makes every request, token and pages alike, without following redirects", async () => {
    const { client, seen } = service();
    const { records } = await client.searchAll("Patient", "ONC-101");
    expect(records.length).toBeGreaterThan(2);
    expect(seen.length).toBeGreaterThan(2);
    for (const s of seen)
      expect(s).toEqual({ url: expect.stringMatching(new RegExp(`^${TEST_BASE}/`)), redirect: "manual" });
  });

  const redirected: [string, (url: string) => boolean][] = [
    ["the token request", (url) => url.includes("/oauth2/token")],
    ["a data request", (url) => url.includes("/Patient")],
  ];
  it.each(redirected)(
    "a redirect of %s is an error with its status, not a request elsewhere",
    async (_name, matches) => {
      const { client, seen } = service((url) => (matches(url) ? Promise.resolve(redirect()) : undefined));
      const failure = client.searchAll("Patient", "ONC-101");
      await expect(failure).rejects.toBeInstanceOf(RedirectedError);
      await expect(failure).rejects.toMatchObject({ kind: "redirected", status: 302 });
      expect(seen.map((s) => s.url).filter((u) => !u.startsWith(TEST_BASE))).toEqual([]);
    },
  );

  it("does not follow a paging link to another address", async () => {
    const { client, seen } = service(async (url, real) => {
      if (!url.includes("/Patient")) return undefined;
      const bundle = await (await real()).json();
      bundle.link = bundle.link.map((l: { relation: string; url: string }) =>
        l.relation === "next" ? { ...l, url: `${ELSEWHERE}?page=2` } : l,
      );
      return Response.json(bundle);
    });
    await expect(client.searchAll("Patient", "ONC-101")).rejects.toThrow(ForeignLinkError);
    await expect(client.searchAll("Patient", "ONC-101")).rejects.toMatchObject({ origin: new URL(ELSEWHERE).origin });
    expect(seen.map((s) => s.url).filter((u) => !u.startsWith(TEST_BASE))).toEqual([]);
  });
  it.each([
    ["a path beside the base URL's", "/partner-evil/svc-apim/page2"],
    ["a path above it", "/partner/../admin/page2"],
    ["an escaped slash", "/partner/x%2F..%2F..%2Fadmin"],
  ])("does not follow a paging link to %s on the same origin", async (_name, path) => {
    const seen: string[] = [];
    // The connection's base URL names a path (an allow-list entry may): the service is reached under it.
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(String(input));
      const real = await t.fetch(String(input).replace(`${TEST_BASE}/partner`, TEST_BASE), init);
      if (!String(input).includes("/Patient")) return real;
      const bundle = await real.json();
      bundle.link = bundle.link.map((l: { relation: string; url: string }) =>
        l.relation === "next" ? { ...l, url: `${TEST_BASE}${path}` } : l,
      );
      return Response.json(bundle);
    }) as typeof fetch;
    const client = new PartnerClient(
      { ...creds, baseUrl: `${TEST_BASE}/partner` },
      { fetch: fetchImpl, retry: fast, pageSize: 2 },
    );
    await expect(client.searchAll("Patient", "ONC-101")).rejects.toThrow(ForeignLinkError);
    expect(seen.filter((u) => !u.startsWith(`${TEST_BASE}/partner/`))).toEqual([]);
  });
});
