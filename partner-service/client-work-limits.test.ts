/**
 * Bounds on the work one client may cause (docs/partner-service.md, Rate limit): data requests in flight at once,
 * and rows served per minute.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ServiceConfig } from "./config";
import { BODY_PIECE_BYTES, createInFlightLimit } from "./in-flight";
import { createTestService, getData, getToken, lakeside, northstar, TEST_API, type TestService } from "./testing";

let t: TestService | undefined;
afterEach(() => t?.db.close());

/** A service with data, under `config`, and GET for northstar with one token. */
async function serve(config: Partial<ServiceConfig>) {
  t = await createTestService({ data: { subjects: 3, visits: 8 }, config });
  const service = t;
  const token = await getToken(service, northstar);
  const get = (pathAndQuery: string, method = "GET") =>
    service.fetch(`${TEST_API}/${pathAndQuery}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "x-partnerid": northstar.partnerId },
    });
  return { service, get };
}

const LAB = "observation?researchstudy=ONC-101&category=laboratory";

async function expectThrottled(res: Response, diagnostics: RegExp) {
  expect(res.status).toBe(429);
  const body = (await res.json()) as { resourceType: string; issue: { code: string; diagnostics: string }[] };
  expect(body.resourceType).toBe("OperationOutcome");
  expect(body.issue[0].code).toBe("throttled");
  expect(body.issue[0].diagnostics).toMatch(diagnostics);
  return Number(res.headers.get("retry-after"));
}

const IN_FLIGHT = /^Too many requests in flight for this client: at most \d+ at once\./;

describe("requests in flight per client", () => {
  it("holds a request until its body is read: beyond the limit 429 with Retry-After; other clients go on", async () => {
    const { service, get } = await serve({ inFlightPerClient: 3 });
    const unread = [
      await get(`${LAB}&_count=10`),
      await get(`${LAB}&_count=10`),
      await get("Group?researchstudy=ONC-101"),
    ];
    expect(unread.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await expectThrottled(await get(`${LAB}&_count=10`), IN_FLIGHT)).toBe(1);
    expect((await getData(service, "Group?researchstudy=ONC-102", lakeside)).status).toBe(200);
    await unread[0].text();
    const next = await get(`${LAB}&_count=10`);
    expect(next.status).toBe(200);
    await Promise.all([next, ...unread.slice(1)].map((r) => r.text()));
    // Answers read one after another never reach the limit.
    for (let i = 0; i < 6; i++) expect((await (await get(`${LAB}&_count=10`)).json()).entry).toHaveLength(10);
  });

  it("keeps a partly read body in flight until the rest is read; a cancelled body frees its place", async () => {
    const { get } = await serve({ inFlightPerClient: 1 });
    const big = await get(`${LAB}&_count=1000`);
    expect(Number(big.headers.get("content-length"))).toBeGreaterThan(2 * BODY_PIECE_BYTES);
    const reader = big.body!.getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeLessThanOrEqual(BODY_PIECE_BYTES);
    await expectThrottled(await get(`${LAB}&_count=10`), IN_FLIGHT);
    let bytes = first.value!.byteLength;
    for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
    expect(bytes).toBe(Number(big.headers.get("content-length")));
    const cancelled = await get(`${LAB}&_count=1000`);
    expect(cancelled.status).toBe(200);
    await cancelled.body!.cancel();
    expect((await get(`${LAB}&_count=10`)).status).toBe(200);
  });

  it("frees the place of an error and of a HEAD answer at once", async () => {
    const { get } = await serve({ inFlightPerClient: 1 });
    expect((await get("AdverseEvent?researchstudy=ONC-102")).status).toBe(403);
    expect((await get(`${LAB}&_count=0`)).status).toBe(400);
    const head = await get(`${LAB}&_count=10`, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    const res = await get(`${LAB}&_count=10`);
    expect(res.status).toBe(200);
    expect((await res.json()).entry).toHaveLength(10);
  });

  it("keeps a count only for clients with a request in flight, and counts a release once", () => {
    const limit = createInFlightLimit(2);
    const releases = [limit.enter("a"), limit.enter("a"), limit.enter("b")];
    expect(limit.clients).toBe(2);
    releases[0]();
    releases[0]();
    limit.enter("a");
    expect(() => limit.enter("a")).toThrow(/Too many requests in flight/);
    releases[1]();
    releases[2]();
    expect(limit.clients).toBe(1);
  });
});

const ROWS = /^Too many rows served to this client in the last minute\. Retry after \d+ seconds\.$/;

describe("rows served per client per minute", () => {
  it("charges the rows served: once they are spent, 429 with Retry-After until they come back", async () => {
    const { service, get } = await serve({ rowsPerMinute: 250 });
    for (let page = 1; page <= 3; page++) expect((await get(`${LAB}&_count=100&page=${page}`)).status).toBe(200);
    // 300 served of 250: 51 must come back, at 250 a minute, before the next page (12.2 s).
    const retryAfter = await expectThrottled(await get(`${LAB}&_count=100&page=4`), ROWS);
    expect(retryAfter).toBe(13);
    expect((await getData(service, "Group?researchstudy=ONC-102", lakeside)).status).toBe(200);
    service.clock.now += (retryAfter - 1) * 1000;
    expect((await get(`${LAB}&_count=100&page=4`)).status).toBe(429);
    service.clock.now += 1000;
    expect((await get(`${LAB}&_count=100&page=4`)).status).toBe(200);
  });

  it("charges the rows served, not the rows asked for", async () => {
    const { get } = await serve({ rowsPerMinute: 100 });
    const past = `${LAB}&_count=1000&page=999`;
    for (let i = 0; i < 20; i++) expect((await (await get(past)).json()).entry).toHaveLength(0);
    expect((await (await get(`${LAB}&_count=60`)).json()).entry).toHaveLength(60);
    expect((await (await get(`${LAB}&_count=60`)).json()).entry).toHaveLength(60);
    await expectThrottled(await get(`${LAB}&_count=1`), ROWS);
  });
});
