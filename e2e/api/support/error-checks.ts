/** Assertions on error answers: OperationOutcome, RFC 6749, nothing leaked. */
import { type APIResponse, expect } from "@playwright/test";

/** Script input that no answer may reflect. */
export const XSS = "<script>alert(1)</script>";

const STACK_PATTERNS = [
  /\bat \S+ \(/,
  /\n\s+at /,
  /node_modules/,
  /\.(ts|js|mjs|cjs):\d+/,
  /TypeError|ReferenceError|SyntaxError|SqliteError/,
  /\/work\//,
];

/** No stack trace, no source path, and none of the given inputs reflected. */
export function expectNoLeak(text: string, inputs: string[] = []): void {
  for (const p of STACK_PATTERNS) expect(text, `body matches ${p}`).not.toMatch(p);
  for (const i of inputs) {
    expect(text.includes(i), `body reflects ${JSON.stringify(i)}`).toBe(false);
    expect(text.includes(encodeURIComponent(i)), `body reflects encoded ${JSON.stringify(i)}`).toBe(false);
  }
}

export interface OperationOutcome {
  resourceType: "OperationOutcome";
  issue: { severity: string; code: string; diagnostics?: string }[];
}

/** A data-endpoint error: the status, a JSON FHIR OperationOutcome, nothing leaked. */
export async function expectOperationOutcome(
  res: APIResponse,
  status: number,
  opts: { code?: string | string[]; reflect?: string[]; what?: string } = {},
): Promise<OperationOutcome> {
  const text = await res.text();
  const what = opts.what ?? res.url();
  expect(res.status(), `${what}: ${text.slice(0, 300)}`).toBe(status);
  expect(res.headers()["content-type"] ?? "", `${what} content-type`).toMatch(/^application\/(fhir\+)?json/);
  expect(text.trimStart().startsWith("<"), `${what}: body is not HTML`).toBe(false);
  const body = JSON.parse(text) as OperationOutcome;
  expect(body.resourceType, what).toBe("OperationOutcome");
  expect(Array.isArray(body.issue) && body.issue.length > 0, `${what}: issue[]`).toBe(true);
  for (const issue of body.issue) {
    expect(["fatal", "error", "warning", "information"], `${what}: severity`).toContain(issue.severity);
    expect(typeof issue.code, `${what}: code`).toBe("string");
    expect(issue.code.length).toBeGreaterThan(0);
    expect(typeof issue.diagnostics, `${what}: diagnostics`).toBe("string");
  }
  expect(
    body.issue.some((i) => i.severity === "error" || i.severity === "fatal"),
    what,
  ).toBe(true);
  if (opts.code !== undefined) {
    const codes = Array.isArray(opts.code) ? opts.code : [opts.code];
    expect(codes, `${what}: issue code`).toContain(body.issue[0].code);
  }
  expectNoLeak(text, opts.reflect);
  return body;
}

/** A token-endpoint error: RFC 6749 section 5.2 JSON with `Cache-Control: no-store`. */
export async function expectOAuthError(
  res: APIResponse,
  status: number,
  error: string | string[],
): Promise<{ error: string; error_description?: string }> {
  const text = await res.text();
  expect(res.status(), text).toBe(status);
  expect(res.headers()["content-type"] ?? "").toMatch(/^application\/json/);
  expect(res.headers()["cache-control"] ?? "").toMatch(/no-store/);
  const body = JSON.parse(text) as { error: string; error_description?: string };
  const errors = Array.isArray(error) ? error : [error];
  expect(errors).toContain(body.error);
  if (body.error_description !== undefined) expect(typeof body.error_description).toBe("string");
  expect(body).not.toHaveProperty("access_token");
  expectNoLeak(text);
  return body;
}
