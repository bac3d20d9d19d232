import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PATH, TOKEN_PATH } from "@/partner-api/paths";
import { createTestService, lakeside, northstar, TEST_BASE, type TestService } from "@/partner-service/testing";
import { testConnection } from "./test-connection";

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ data: { subjects: 6, visits: 2 } });
});
afterAll(() => t.db.close());

const creds = (over: Partial<{ partnerId: string; clientId: string; clientSecret: string; baseUrl: string }> = {}) => ({
  baseUrl: TEST_BASE,
  partnerId: northstar.partnerId,
  clientId: northstar.clientId,
  clientSecret: northstar.clientSecret,
  ...over,
});
const path = new URL(`${TEST_BASE}${API_PATH}/Group`).pathname;
const tokenRequest = { what: "token", path: new URL(`${TEST_BASE}${TOKEN_PATH}`).pathname };
const subjects = (study: string) =>
  (t.db.prepare("SELECT count(*) AS n FROM subjects WHERE study_number = ?").get(study) as { n: number }).n;

describe("test connection", () => {
  it("reports granted studies with their subject count and the others as forbidden", async () => {
    const report = await testConnection(creds(), ["ONC-101", "CARD-201", "ONC-102", "NOPE-999"], { fetch: t.fetch });
    expect(report.connected).toBe(true);
    expect(subjects("ONC-101")).toBeGreaterThan(0);
    expect(report.studies).toEqual([
      { study: "ONC-101", status: "accessible", subjects: subjects("ONC-101") },
      { study: "CARD-201", status: "accessible", subjects: subjects("CARD-201") },
      {
        study: "ONC-102",
        status: "forbidden",
        failure: { kind: "forbidden", status: 403, attempts: 1, request: { what: "Group", study: "ONC-102", path } },
      },
      { study: "NOPE-999", status: "forbidden", failure: expect.objectContaining({ kind: "forbidden" }) },
    ]);
  });

  it("says plainly when the client ID or secret is wrong, and checks no study", async () => {
    for (const bad of [creds({ clientSecret: "wrong-secret" }), creds({ clientId: "nobody" })]) {
      const report = await testConnection(bad, ["ONC-101"], { fetch: t.fetch });
      expect(report).toEqual({
        connected: false,
        studies: [],
        failure: { kind: "authentication", status: expect.any(Number), attempts: 1, request: tokenRequest },
      });
      expect(JSON.stringify(report)).not.toContain("wrong-secret");
    }
  });

  it("30 failed tests of another client ID from the portal's address do not refuse Northstar's test", async () => {
    // Every token request of the portal comes from the portal server's one address.
    const fromPortal = { fetch: t.fetchFrom("127.0.0.1") };
    const madeUp = creds({ clientId: "made-up-client", clientSecret: "wrong-secret" });
    for (let i = 0; i < 30; i++)
      expect(await testConnection(madeUp, ["ONC-101"], fromPortal)).toMatchObject({
        connected: false,
        failure: { kind: "authentication" },
      });
    expect(await testConnection(creds(), ["ONC-101"], fromPortal)).toMatchObject({ connected: true });
  });

  it("a wrong partner ID makes every study forbidden", async () => {
    const report = await testConnection(creds({ partnerId: lakeside.partnerId }), ["ONC-101"], { fetch: t.fetch });
    expect(report).toMatchObject({ connected: true, studies: [{ study: "ONC-101", status: "forbidden" }] });
  });

  it("an unreachable service or a wrong base URL is a failure with its facts, not a crash", async () => {
    const down = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    const unreachable = await testConnection(creds(), ["ONC-101"], {
      fetch: down,
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1, timeoutMs: 1000, maxRetryAfterMs: 0 },
    });
    expect(unreachable).toEqual({
      connected: false,
      studies: [],
      failure: { kind: "unreachable", timedOut: false, attempts: 1, request: tokenRequest },
    });
    const notFound = (async () => new Response("no", { status: 404 })) as typeof fetch;
    const wrongPath = await testConnection(creds(), ["ONC-101"], { fetch: notFound });
    expect(wrongPath).toMatchObject({ connected: false, failure: { kind: "not-found", status: 404 } });
  });

  it("reports an error for one study without hiding the others", async () => {
    const flaky = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes("researchstudy=CARD-201")
        ? new Response("{}", { status: 400 })
        : t.fetch(input, init)) as typeof fetch;
    const report = await testConnection(creds(), ["ONC-101", "CARD-201"], { fetch: flaky });
    expect(report).toMatchObject({
      connected: true,
      studies: [
        { status: "accessible" },
        { study: "CARD-201", status: "error", failure: { kind: "bad-request", status: 400 } },
      ],
    });
  });
});
