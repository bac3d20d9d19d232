import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type CountingProxy, describeRequests, requestKind, requestsSince, startCountingProxy } from "./counting-proxy";

describe("requestKind", () => {
  it.each([
    ["POST", "/svc-apim/external/svc-oidc/oauth2/token", "token"],
    ["GET", "/svc-apim/external/v2/crit/core/api/Patient?_count=1000&page=3", "Patient"],
    ["GET", "/svc-apim/external/v2/crit/core/api/observation?category=laboratory&page=2", "observation laboratory"],
    ["GET", "/a/tokens", "tokens"],
  ])("%s %s is %s", (method, path, kind) => {
    expect(requestKind(method, path)).toBe(kind);
  });
});

describe("requestsSince", () => {
  it("keeps the kinds asked for in between, and their count", () => {
    const before = { total: 3, byKind: { token: 1, Patient: 2 } };
    const after = { total: 7, byKind: { token: 1, Patient: 4, Group: 2 } };
    const since = requestsSince(before, after);
    expect(since).toEqual({ total: 4, byKind: { Patient: 2, Group: 2 } });
    expect(describeRequests(since)).toBe("4 (Group 2, Patient 2)");
  });
});

describe("startCountingProxy", () => {
  let target: Server | undefined;
  let proxy: CountingProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
    await new Promise((r) => (target ? target.close(r) : r(undefined)));
  });

  it("passes requests and answers on unchanged, and counts them by kind", async () => {
    target = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => res.writeHead(201, { "x-seen": `${req.method} ${req.url}` }).end(`echo:${body}`));
    });
    await new Promise<void>((r) => target!.listen(0, "127.0.0.1", r));
    const port = (target.address() as AddressInfo).port;
    proxy = await startCountingProxy(0, `http://127.0.0.1:${port}`);
    const token = await fetch(`${proxy.url}/oauth2/token`, { method: "POST", body: "grant" });
    expect(token.status).toBe(201);
    expect(token.headers.get("x-seen")).toBe("POST /oauth2/token");
    expect(await token.text()).toBe("echo:grant");
    const page = await fetch(`${proxy.url}/api/observation?category=laboratory&page=2`);
    expect(await page.text()).toBe("echo:");
    expect(proxy.count()).toEqual({ total: 2, byKind: { token: 1, "observation laboratory": 1 } });
  });
});
