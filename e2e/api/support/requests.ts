/** Token and data requests, bundles and page walks. */
import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";
import { type Endpoint, type Partner, qs, searchPath, TOKEN_PATH } from "./addresses";

export interface TokenRequest {
  /** Parameters sent in the form-encoded body. */
  form?: Record<string, string>;
  /** Parameters sent in the query string. */
  query?: Record<string, string>;
  headers?: Record<string, string>;
  method?: "POST" | "GET" | "PUT" | "DELETE";
}

/** A raw request to the token endpoint. */
export async function tokenRequest(request: APIRequestContext, r: TokenRequest = {}): Promise<APIResponse> {
  const url = r.query ? `${TOKEN_PATH}?${qs(r.query)}` : TOKEN_PATH;
  const headers: Record<string, string> = { ...(r.headers ?? {}) };
  let data: string | undefined;
  if (r.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    data = qs(r.form);
  }
  return request.fetch(url, { method: r.method ?? "POST", headers, data, failOnStatusCode: false, maxRedirects: 0 });
}

export const credentials = (p: Partner) => ({
  client_id: p.clientId,
  client_secret: p.clientSecret,
  grant_type: "client_credentials",
  scope: "full",
});

/** Tokens cached per worker process (module state), one per partner. */
const tokenCache = new Map<string, string>();

export async function tokenFor(request: APIRequestContext, p: Partner): Promise<string> {
  const cached = tokenCache.get(p.clientId);
  if (cached) return cached;
  const res = await tokenRequest(request, { form: credentials(p) });
  expect(res.status(), `token for ${p.clientId}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { access_token: string };
  expect(typeof body.access_token).toBe("string");
  tokenCache.set(p.clientId, body.access_token);
  return body.access_token;
}

// ---------------------------------------------------------------- data requests

/** GET as a partner; `path` is relative to the base URL (see `api`) or an absolute link. */
export async function getAs(
  request: APIRequestContext,
  p: Partner,
  path: string,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  const token = await tokenFor(request, p);
  const get = () =>
    request.get(path, {
      headers: { authorization: `Bearer ${token}`, "x-partnerid": p.partnerId, ...headers },
      failOnStatusCode: false,
      maxRedirects: 0,
    });
  try {
    return await get();
  } catch (err) {
    if (!isReset(err)) throw err;
    return get();
  }
}

/**
 * A connection reset before any answer: the GET is sent once more, as browsers do (RFC 9112, 9.3.1: a client may
 * retry an idempotent request whose connection closed). Playwright's keep-alive agent keeps idle connections with no
 * time limit (Node 20's agent heeds the server's Keep-Alive hint only when given a timeout of its own), so on a busy
 * machine it can send on a connection the server is closing (one GET of thousands in a CI run). A second reset, or
 * any other error, fails the test.
 */
function isReset(err: unknown): boolean {
  return err instanceof Error && /\bECONNRESET\b/.test(err.message);
}

export interface Link {
  relation: string;
  url: string;
}

export interface Entry<R = Resource> {
  fullUrl: string;
  resource: R;
}

export interface Bundle<R = Resource> {
  resourceType: string;
  identifier?: { system: string; value: string };
  type: string;
  total: number;
  link: Link[];
  entry?: Entry<R>[];
}

export interface Extension {
  url: string;
  [value: string]: unknown;
}

/** A resource as served: loosely typed so that the tests can look at every field. */
// biome-ignore lint/suspicious/noExplicitAny: served JSON, read field by field by the shape checks.
export type Resource = { resourceType: string; id?: string; extension?: Extension[] } & Record<string, any>;

export const entries = <R>(b: Bundle<R>): Entry<R>[] => b.entry ?? [];

/** Asserts a JSON success and the envelope fields every search answer has. */
export async function expectBundle(res: APIResponse, what = res.url()): Promise<Bundle> {
  const text = await res.text();
  expect(res.status(), `${what}: ${text.slice(0, 500)}`).toBe(200);
  expect(res.headers()["content-type"] ?? "", what).toMatch(/^application\/(fhir\+)?json/);
  const b = JSON.parse(text) as Bundle;
  expect(b.resourceType, what).toBe("Bundle");
  expect(b.type, what).toBe("searchset");
  expect(Number.isInteger(b.total) && b.total >= 0, `${what}: total ${b.total}`).toBe(true);
  expect(Array.isArray(b.link), what).toBe(true);
  if (b.entry !== undefined) expect(Array.isArray(b.entry), what).toBe(true);
  return b;
}

export async function getBundle(request: APIRequestContext, p: Partner, path: string): Promise<Bundle> {
  return expectBundle(await getAs(request, p, path), path);
}

/** The URL of a link relation, or undefined. */
export function link(b: Bundle, relation: string): URL | undefined {
  const found = b.link.filter((l) => l.relation === relation);
  expect(found.length, `links with relation ${relation}`).toBeLessThanOrEqual(1);
  return found[0] ? new URL(found[0].url) : undefined;
}

export function pageOf(u: URL): number {
  return Number(u.searchParams.get("page"));
}

/**
 * Follows `next` links from a first search until the last page. Checks on the
 * way that each page's self link is the link that was followed.
 */
export async function walk(
  request: APIRequestContext,
  p: Partner,
  firstPath: string,
): Promise<{ pages: Bundle[]; entries: Entry[] }> {
  const pages: Bundle[] = [];
  let next: string | undefined = firstPath;
  const seenLinks = new Set<string>();
  while (next !== undefined) {
    expect(seenLinks.has(next), `next link loops: ${next}`).toBe(false);
    seenLinks.add(next);
    const b = await getBundle(request, p, next);
    if (pages.length > 0) expect(b.link.find((l) => l.relation === "self")?.url).toBe(next);
    pages.push(b);
    next = b.link.find((l) => l.relation === "next")?.url;
    expect(pages.length, "too many pages").toBeLessThan(10_000);
  }
  return { pages, entries: pages.flatMap(entries) };
}

/** Every record of an endpoint for a study, in pages of 1000. */
export async function all(request: APIRequestContext, p: Partner, e: Endpoint, study: string): Promise<Entry[]> {
  const { pages, entries: list } = await walk(request, p, searchPath(e, study, { _count: 1000 }));
  expect(list.length, `${e.name} ${study}: entries across pages equal total`).toBe(pages[0].total);
  return list;
}

/** A GET with exactly these headers (no defaults). */
export const rawGet = (request: APIRequestContext, path: string, headers: Record<string, string>) =>
  request.get(path, { headers, failOnStatusCode: false, maxRedirects: 0 });
