import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { grant, revoke, rotateSecret } from "./data/partner-registry";
import { createTestService, getData, getToken, lakeside, northstar, TEST_API, type TestService } from "./testing";

let t: TestService;
beforeEach(async () => {
  t = await createTestService();
});
afterEach(() => t.db.close());

const outcome = async (res: Response) =>
  (await res.json()) as { resourceType: string; issue: { severity: string; code: string; diagnostics: string }[] };

describe("authorization", () => {
  it("serves a granted study", async () => {
    const res = await getData(t, "AdverseEvent?researchstudy=ONC-101", northstar);
    expect(res.status).toBe(200);
    expect((await res.json()).resourceType).toBe("Bundle");
  });

  it("answers a study that is not granted and one that does not exist identically", async () => {
    const notGranted = await getData(t, "AdverseEvent?researchstudy=ONC-102", northstar);
    const missing = await getData(t, "AdverseEvent?researchstudy=NO-SUCH-STUDY", northstar);
    expect(notGranted.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(await notGranted.text()).toBe(await missing.text());
  });

  it("applies a revoked grant at once, to tokens already issued", async () => {
    const token = await getToken(t, lakeside);
    expect((await getData(t, "Group?researchstudy=ONC-102", lakeside, token)).status).toBe(200);
    revoke(t.db, lakeside.partnerId, "ONC-102");
    expect((await getData(t, "Group?researchstudy=ONC-102", lakeside, token)).status).toBe(403);
    grant(t.db, lakeside.partnerId, "ONC-102");
    expect((await getData(t, "Group?researchstudy=ONC-102", lakeside, token)).status).toBe(200);
  });

  it("ends old tokens and the old secret when a secret is rotated", async () => {
    const token = await getToken(t, northstar);
    const secret = await rotateSecret(t.db, northstar.clientId);
    expect((await getData(t, "Group?researchstudy=ONC-101", northstar, token)).status).toBe(401);
    await expect(getToken(t, northstar)).rejects.toThrow(/401/);
    expect(secret).not.toBe(northstar.clientSecret);
  });

  it("requires x-partnerid to be the token's partner", async () => {
    const token = await getToken(t, northstar);
    const url = `${TEST_API}/Group?researchstudy=ONC-101`;
    const missing = await t.fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const other = await t.fetch(url, {
      headers: { authorization: `Bearer ${token}`, "x-partnerid": lakeside.partnerId },
    });
    expect(missing.status).toBe(403);
    expect(other.status).toBe(403);
    expect((await outcome(other)).issue[0].code).toBe("forbidden");
  });

  it.each([
    ["no Authorization header", undefined, "Bearer"],
    ["a malformed header", "Token abc", 'Bearer error="invalid_token"'],
    ["an unknown token", "Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 'Bearer error="invalid_token"'],
  ])("answers %s with 401 and WWW-Authenticate", async (_name, authorization, challenge) => {
    const headers: Record<string, string> = { "x-partnerid": northstar.partnerId };
    if (authorization) headers.authorization = authorization;
    const res = await t.fetch(`${TEST_API}/Group?researchstudy=ONC-101`, { headers });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(challenge);
    const body = await outcome(res);
    expect(body.resourceType).toBe("OperationOutcome");
    expect(body.issue[0]).toMatchObject({ severity: "error", code: "login" });
  });

  it("checks the token before the parameters, and the parameters before the grant", async () => {
    expect((await t.fetch(`${TEST_API}/AdverseEvent`)).status).toBe(401);
    expect((await getData(t, "AdverseEvent", northstar)).status).toBe(400);
    expect((await getData(t, "observation?researchstudy=ONC-102", northstar)).status).toBe(400);
  });

  it("lets Patient by ID see only the partner's own studies", async () => {
    // Without data the subject does not exist; a forbidden one must look the same (see the HTTP tests with data).
    expect((await getData(t, "Patient/101-0001", northstar)).status).toBe(404);
    const search = await getData(t, "Patient?_id=101-0001", northstar);
    expect(search.status).toBe(200);
    expect((await search.json()).total).toBe(0);
  });
});
