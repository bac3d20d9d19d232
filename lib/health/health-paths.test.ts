/** The health endpoints are answered signed out: the proxy passes them untouched, and each has its route. */
import { existsSync } from "node:fs";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { isHealthPath, LIVE_PATH, READY_PATH } from "./health-paths";

describe("the health endpoints' paths", () => {
  it.each([LIVE_PATH, READY_PATH])("%s passes the proxy signed out, without a redirect", (path) => {
    expect(proxy(new NextRequest(`http://localhost${path}`))).toBeUndefined();
  });

  it("are only those two: a portal page signed out still goes to /signin", () => {
    expect(isHealthPath("/api/health")).toBe(false);
    expect(isHealthPath("/api/health/ready/x")).toBe(false);
    const response = proxy(new NextRequest("http://localhost/api/healthz"));
    expect(response?.headers.get("location")).toMatch(/\/signin\?/);
  });

  it.each([LIVE_PATH, READY_PATH])("%s has its route under app/", (path) => {
    expect(existsSync(new URL(`../../app${path}/route.ts`, import.meta.url))).toBe(true);
  });
});
