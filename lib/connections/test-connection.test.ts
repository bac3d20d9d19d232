import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService, lakeside, northstar, TEST_BASE, type TestService } from "../partner-service/testing";
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
        message: expect.stringMatching(/not granted access to Group of study ONC-102/),
      },
      { study: "NOPE-999", status: "forbidden", message: expect.stringMatching(/not granted access/) },
    ]);
  });

  it("says plainly when the client ID or secret is wrong, and checks no study", async () => {
    for (const bad of [creds({ clientSecret: "wrong-secret" }), creds({ clientId: "nobody" })]) {
      const report = await testConnection(bad, ["ONC-101"], { fetch: t.fetch });
      expect(report).toEqual({
        connected: false,
        studies: [],
        message: expect.stringMatching(/^The partner service rejected this connection's client ID or secret/),
      });
      expect(JSON.stringify(report)).not.toContain("wrong-secret");
    }
  });

  it("a wrong partner ID makes every study forbidden", async () => {
    const report = await testConnection(creds({ partnerId: lakeside.partnerId }), ["ONC-101"], { fetch: t.fetch });
    expect(report).toMatchObject({ connected: true, studies: [{ study: "ONC-101", status: "forbidden" }] });
  });

  it("an unreachable service or a wrong base URL is an error in words, not a crash", async () => {
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
      message: expect.stringMatching(/could not be reached/),
    });
    const notFound = (async () => new Response("no", { status: 404 })) as typeof fetch;
    const wrongPath = await testConnection(creds(), ["ONC-101"], { fetch: notFound });
    expect(wrongPath).toMatchObject({ connected: false, message: expect.stringMatching(/Check the base URL/) });
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
        { study: "CARD-201", status: "error", message: expect.stringMatching(/refused the request/) },
      ],
    });
  });
});
