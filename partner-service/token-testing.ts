/**
 * What the token endpoint's tests share: a valid request's parameters, a POST of a form body to the in-process
 * service of the running test, and the check of an RFC 6749 error answer.
 */
import { expect } from "vitest";
import { northstar, TEST_TOKEN_URL, type TestService } from "./testing";

export const FORM = "application/x-www-form-urlencoded";

export const params = (over: Record<string, string> = {}) => ({
  client_id: northstar.clientId,
  client_secret: northstar.clientSecret,
  grant_type: "client_credentials",
  scope: "full",
  ...over,
});

/** A POST of a form body to the token endpoint of `service()` (read at each call: tests replace their service). */
export const poster =
  (service: () => TestService) =>
  (body: string, opts: { query?: string; headers?: Record<string, string> } = {}) =>
    service().fetch(`${TEST_TOKEN_URL}${opts.query ? `?${opts.query}` : ""}`, {
      method: "POST",
      headers: { "content-type": FORM, ...opts.headers },
      body,
    });

/** An RFC 6749 error body, checked whole: the two fields and nothing of what the client sent. */
export async function expectOAuthError(res: Response, status: number, error: string, notReflected: string[] = []) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const text = await res.text();
  const body = JSON.parse(text);
  expect(Object.keys(body).sort()).toEqual(["error", "error_description"]);
  expect(body.error).toBe(error);
  for (const s of notReflected) expect(text).not.toContain(s);
  return body as { error: string; error_description: string };
}
