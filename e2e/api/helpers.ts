/**
 * Shared pieces of the HTTP-level tests of the partner service: addresses,
 * the demo partners, token caching, request builders, typed Bundle/Resource
 * accessors, error-body assertions and a read-only view of the test database.
 *
 * Every expected value here comes from the specification
 * (/work/shared/spec/partner-service.md), its decisions (decisions.md) or the
 * database file read directly; nothing is computed by the service's own code.
 */
import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";
import Database from "better-sqlite3";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { E2E_BASE_URL } from "../../playwright.config";
import type { AssessmentRow } from "../../lib/partner-service/data/generator/test-fixture";

// ---------------------------------------------------------------- cheap assertions

/**
 * Assertions for loops over thousands of records. Playwright's `expect`
 * records a step per call, which over ~10^5 field checks costs minutes and
 * blocks the worker; a Check collects failures (or throws at the first one,
 * when strict) and the test asserts once with `done()`.
 */
export class Check {
  readonly problems: string[] = [];
  checks = 0;
  constructor(private readonly strict = false) {}

  private fail(message: string): false {
    if (this.strict) throw new Error(message);
    if (this.problems.length < 60) this.problems.push(message);
    return false;
  }

  ok(condition: unknown, what: string): boolean {
    this.checks++;
    return condition ? true : this.fail(what);
  }

  eq(actual: unknown, expected: unknown, what: string): boolean {
    this.checks++;
    return Object.is(actual, expected) ? true : this.fail(`${what}: expected ${fmt(expected)}, got ${fmt(actual)}`);
  }

  deep(actual: unknown, expected: unknown, what: string): boolean {
    this.checks++;
    return isDeepStrictEqual(actual, expected) ? true : this.fail(`${what}: expected ${fmt(expected)}, got ${fmt(actual)}`);
  }

  match(actual: unknown, re: RegExp, what: string): boolean {
    this.checks++;
    return typeof actual === "string" && re.test(actual) ? true : this.fail(`${what}: ${fmt(actual)} does not match ${re}`);
  }

  oneOf(actual: unknown, allowed: readonly unknown[], what: string): boolean {
    this.checks++;
    return allowed.includes(actual) ? true : this.fail(`${what}: ${fmt(actual)} is not one of ${fmt(allowed)}`);
  }

  /** Asserts, once, that nothing failed. */
  done(label = "field checks"): void {
    expect(this.problems, `${label} (${this.checks} checks)`).toEqual([]);
  }
}

const fmt = (v: unknown) => {
  const s = v === undefined ? "undefined" : JSON.stringify(v);
  return s.length > 300 ? `${s.slice(0, 300)}...` : s;
};

/** A Check that throws at the first failure: for single lookups outside loops. */
export const strict = () => new Check(true);

// ---------------------------------------------------------------- addresses

/** `{base_url}`: the server runs with PUBLIC_BASE_URL equal to the Playwright base URL. */
export const BASE_URL = E2E_BASE_URL;
export const API_PATH = "/svc-apim/external/v2/crit/core/api";
export const TOKEN_PATH = "/svc-apim/external/svc-oidc/oauth2/token";
/** Absolute `{api_prefix}`, the start of every link and fullUrl. */
export const API_PREFIX = `${BASE_URL}${API_PATH}`;

/** Defaults of PARTNER_STRUCTURE_BASE and PARTNER_CTC_BASE (lib/env.ts); the tests run with the defaults. */
export const STRUCTURE_BASE = "https://partner.studyportal.example/fhir/StructureDefinition";
export const CTC_BASE = "https://partner.studyportal.example/fhir/ctcae";
export const sd = (name: string) => `${STRUCTURE_BASE}#${name}`;

/** Path (relative to the base URL) of a data request: `api("AdverseEvent?researchstudy=X")`. */
export const api = (pathAndQuery: string) => `${API_PATH}/${pathAndQuery.replace(/^\/+/, "")}`;
/** Builds a query string from pairs, keeping their order; undefined values are left out. */
export const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();

// ---------------------------------------------------------------- partners and studies

export interface Partner {
  partnerId: string;
  clientId: string;
  clientSecret: string;
  /** Studies granted to the partner in the demo registry. */
  studies: readonly string[];
}

/** The published demo registry (README / data/demo-partners.ts), restated here as test input. */
export const NORTHSTAR: Partner = {
  partnerId: "NORTHSTAR",
  clientId: "northstar-portal",
  clientSecret: "demo-northstar-7f3c9a1e5b",
  studies: ["ONC-101", "CARD-201"],
};
export const LAKESIDE: Partner = {
  partnerId: "LAKESIDE",
  clientId: "lakeside-portal",
  clientSecret: "demo-lakeside-2d8e4b6f0c",
  studies: ["ONC-102"],
};
export const PARTNERS: readonly Partner[] = [NORTHSTAR, LAKESIDE];

/** A well-formed study number that no demo database contains. */
export const NO_SUCH_STUDY = "NOPE-999";

export const isGranted = (p: Partner, study: string) => p.studies.includes(study);

// ---------------------------------------------------------------- endpoints

export interface Endpoint {
  /** A short name for test titles. */
  name: string;
  path: string;
  category?: "imaging" | "laboratory" | "vital-signs";
  resourceType: string;
}

export const ENDPOINTS: readonly Endpoint[] = [
  { name: "AdverseEvent", path: "AdverseEvent", resourceType: "AdverseEvent" },
  { name: "DiagnosticReport", path: "DiagnosticReport", resourceType: "DiagnosticReport" },
  { name: "observation imaging", path: "observation", category: "imaging", resourceType: "Observation" },
  { name: "observation laboratory", path: "observation", category: "laboratory", resourceType: "Observation" },
  { name: "observation vital-signs", path: "observation", category: "vital-signs", resourceType: "Observation" },
  { name: "MedicationStatement", path: "MedicationStatement", resourceType: "MedicationStatement" },
  { name: "Patient", path: "Patient", resourceType: "Patient" },
  { name: "Group", path: "Group", resourceType: "Group" },
];

export const endpoint = (name: string): Endpoint => {
  const e = ENDPOINTS.find((x) => x.name === name);
  if (!e) throw new Error(`no endpoint ${name}`);
  return e;
};

/** The search of an endpoint for one study, with extra parameters after `researchstudy` (and `category`). */
export function searchPath(e: Endpoint, study: string, extra: Record<string, string | number> = {}): string {
  const params: Record<string, string | number> = { researchstudy: study, ...(e.category ? { category: e.category } : {}), ...extra };
  return api(`${e.path}?${qs(params)}`);
}

// ---------------------------------------------------------------- tokens

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
export async function getAs(request: APIRequestContext, p: Partner, path: string, headers: Record<string, string> = {}): Promise<APIResponse> {
  const token = await tokenFor(request, p);
  return request.get(path, {
    headers: { authorization: `Bearer ${token}`, "x-partnerid": p.partnerId, ...headers },
    failOnStatusCode: false,
    maxRedirects: 0,
  });
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any
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
export async function walk(request: APIRequestContext, p: Partner, firstPath: string): Promise<{ pages: Bundle[]; entries: Entry[] }> {
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

// ---------------------------------------------------------------- resource accessors

/** Every extension with this URL. */
export const extsByUrl = (r: Resource, url: string): Extension[] => (r.extension ?? []).filter((x) => x.url === url);

const VALUE_KEYS = ["valueString", "valueInteger", "valueDecimal", "valueDateTime", "valueCode"] as const;
export type ValueKey = (typeof VALUE_KEYS)[number];

/** Checks the extension carries exactly one value[x], of the given type, and returns it. */
export function valueOf(x: Extension, key: ValueKey, c: Check = strict()): unknown {
  const keys = Object.keys(x).filter((k) => k.startsWith("value"));
  c.deep(keys, [key], `value keys of ${x.url}`);
  const v = x[key];
  if (key === "valueInteger") c.ok(Number.isInteger(v), `${x.url} ${key} ${fmt(v)} is an integer`);
  else if (key === "valueDecimal") c.ok(typeof v === "number" && Number.isFinite(v), `${x.url} ${key} ${fmt(v)} is a number`);
  else c.eq(typeof v, "string", `${x.url} ${key} is a string`);
  return v;
}

/** The value of the one extension `<structure_base>#name`, of the given type. */
export function extValue(r: Resource, name: string, key: ValueKey, c: Check = strict()): unknown {
  const found = extsByUrl(r, sd(name));
  if (!c.eq(found.length, 1, `${r.resourceType} extension ${name} occurs once`)) return undefined;
  return valueOf(found[0], key, c);
}
export const extString = (r: Resource, name: string, c: Check = strict()) => extValue(r, name, "valueString", c) as string;
export const extInt = (r: Resource, name: string, c: Check = strict()) => extValue(r, name, "valueInteger", c) as number;

/** The value of an optional extension, or undefined when absent. */
export function optExtValue(r: Resource, name: string, key: ValueKey, c: Check = strict()): unknown {
  const found = extsByUrl(r, sd(name));
  c.ok(found.length <= 1, `${r.resourceType} extension ${name} occurs at most once`);
  return found[0] === undefined ? undefined : valueOf(found[0], key, c);
}

/** The identifier value with this system (identifier may be an object or an array). */
export function identifierValue(r: Resource, system: string, c: Check = strict()): string {
  const list = (Array.isArray(r.identifier) ? r.identifier : [r.identifier]) as { system?: string; value?: string }[];
  const found = list.filter((i) => i && i.system === system);
  c.eq(found.length, 1, `${r.resourceType} identifier with system ${system}`);
  c.eq(typeof found[0]?.value, "string", `${r.resourceType} identifier value is a string`);
  return found[0]?.value as string;
}

// ---------------------------------------------------------------- value shapes (spec)

export const US_DATE = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/;
export const LOCAL_DATETIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
export const OFFSET_DATETIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
/** A FHIR dateTime: a date, or a datetime with an optional offset. */
export const FHIR_DATETIME = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?)?)?)?$/;
export const YEAR = /^\d{4}$/;
/** `<signed value> mm` or `--`; zero may be written without a sign. */
export const CHANGE = /^(?:[+-](?:\d+(?:\.\d+)?) mm|[+-]?0(?:\.0+)? mm|--)$/;

/** Checks a change string's shape and that it matches a database value (to the precision the string shows). */
export function expectChange(served: string, db: number | null, what: string, c: Check = strict()): void {
  if (!c.match(served, CHANGE, `${what}: <signed value> mm or --`)) return;
  if (db === null) {
    c.eq(served, "--", what);
    return;
  }
  if (!c.ok(served !== "--", `${what}: a value (${db}) is shown as --`)) return;
  const n = Number(served.replace(/ mm$/, ""));
  const decimals = (served.split(" ")[0].split(".")[1] ?? "").length;
  c.ok(Math.abs(n - db) <= 0.5 * 10 ** -decimals + 1e-9, `${what}: ${served} vs database ${db}`);
}

/** `YYYY-MM-DD...` -> `MM/DD/YYYY`. */
export const toUsDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

// ---------------------------------------------------------------- fullUrls

/** Checks a fullUrl is `{api_prefix}/<path>?<params>` carrying exactly these parameters (any order). */
export function expectSearchUrl(url: string, path: string, params: Record<string, string>, c: Check = strict()): void {
  if (!c.ok(typeof url === "string" && url.startsWith(`${API_PREFIX}/`), `${url} is absolute under ${API_PREFIX}`)) return;
  const u = new URL(url);
  c.eq(u.pathname.slice(API_PATH.length + 1), path, `${url}: path`);
  const pairs = [...u.searchParams.entries()];
  c.deep(Object.fromEntries(pairs), params, `${url}: parameters`);
  c.eq(pairs.length, Object.keys(params).length, `${url}: no repeated parameter`);
}

// ---------------------------------------------------------------- errors

const STACK_PATTERNS = [/\bat \S+ \(/, /\n\s+at /, /node_modules/, /\.(ts|js|mjs|cjs):\d+/, /TypeError|ReferenceError|SyntaxError|SqliteError/, /\/work\//];

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
  expect(body.issue.some((i) => i.severity === "error" || i.severity === "fatal"), what).toBe(true);
  if (opts.code !== undefined) {
    const codes = Array.isArray(opts.code) ? opts.code : [opts.code];
    expect(codes, `${what}: issue code`).toContain(body.issue[0].code);
  }
  expectNoLeak(text, opts.reflect);
  return body;
}

/** A token-endpoint error: RFC 6749 section 5.2 JSON with `Cache-Control: no-store`. */
export async function expectOAuthError(res: APIResponse, status: number, error: string | string[]): Promise<{ error: string; error_description?: string }> {
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

// ---------------------------------------------------------------- the database, read directly

/** The server's database (PARTNER_DB_PATH in playwright.config.ts), opened read-only. */
export const DB_PATH = fileURLToPath(new URL("../../data/e2e/partner-service.db", import.meta.url));

let dbHandle: Database.Database | undefined;

export function db(): Database.Database {
  dbHandle ??= new Database(DB_PATH, { readonly: true, fileMustExist: true });
  return dbHandle;
}

export interface StudyRow {
  study_number: string;
  sponsor_study_number: string;
  trial_name: string;
  criteria: string;
  agent: string;
}

export function dbStudies(): StudyRow[] {
  return db().prepare("SELECT study_number, sponsor_study_number, trial_name, criteria, agent FROM studies ORDER BY study_number").all() as StudyRow[];
}

export function dbStudy(study: string): StudyRow {
  const row = db().prepare("SELECT study_number, sponsor_study_number, trial_name, criteria, agent FROM studies WHERE study_number = ?").get(study) as
    | StudyRow
    | undefined;
  if (!row) throw new Error(`study ${study} is not in the test database`);
  return row;
}

export interface SubjectRow {
  subject_id: string;
  study_number: string;
  subject_study_id: string;
  mrn: string;
  gender: string;
  birth_year: number;
  race: string;
  ethnicity: string;
}

export function dbSubjects(study?: string): SubjectRow[] {
  const cols = "subject_id, study_number, subject_study_id, mrn, gender, birth_year, race, ethnicity";
  return (
    study === undefined
      ? db().prepare(`SELECT ${cols} FROM subjects ORDER BY study_number, subject_id`).all()
      : db().prepare(`SELECT ${cols} FROM subjects WHERE study_number = ? ORDER BY subject_id`).all(study)
  ) as SubjectRow[];
}

export function dbCount(table: string, study: string): number {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`bad table ${table}`);
  return (db().prepare(`SELECT count(*) AS n FROM ${table} WHERE study_number = ?`).get(study) as { n: number }).n;
}

export type AssessmentDbRow = Omit<AssessmentRow, "vis_seq">;

export function dbAssessments(study: string): AssessmentDbRow[] {
  return db()
    .prepare(
      `SELECT row_id, assessment_id, case_id, study_number, subject_id, case_revision, assessment_revision, revision_date, pi_signed,
              name, timepoint, current_value, change_previous, change_baseline, change_nadir, effective_at, conclusion
       FROM assessments WHERE study_number = ? ORDER BY assessment_id, case_revision, assessment_revision`,
    )
    .all(study) as AssessmentDbRow[];
}

/**
 * The assessment rows the specification lets out, computed from the raw rows
 * (not from the generator's `vis_seq`): only the highest case revision of a
 * case is available; within it, only the highest assessment revision of each
 * assessment; and that row only when the PI signed it off. An assessment whose
 * latest revision is unsigned is therefore not served at all (an older signed
 * revision is superseded, not a fallback).
 */
export function expectedVisibleAssessments(study: string): Map<string, AssessmentDbRow> {
  const rows = dbAssessments(study);
  const topCase = new Map<number, number>();
  for (const r of rows) topCase.set(r.case_id, Math.max(topCase.get(r.case_id) ?? -Infinity, r.case_revision));
  const latest = new Map<string, AssessmentDbRow>();
  for (const r of rows) {
    if (r.case_revision !== topCase.get(r.case_id)) continue;
    const cur = latest.get(r.assessment_id);
    if (!cur || r.assessment_revision > cur.assessment_revision) latest.set(r.assessment_id, r);
  }
  for (const [id, r] of latest) if (r.pi_signed !== 1) latest.delete(id);
  return latest;
}

/** The latest row of each assessment (highest case revision of its case, then highest assessment revision), signed or not. */
export function latestAssessmentRows(study: string): Map<string, AssessmentDbRow> {
  const rows = dbAssessments(study);
  const topCase = new Map<number, number>();
  for (const r of rows) topCase.set(r.case_id, Math.max(topCase.get(r.case_id) ?? -Infinity, r.case_revision));
  const latest = new Map<string, AssessmentDbRow>();
  for (const r of rows) {
    const cur = latest.get(r.assessment_id);
    const better = !cur || r.case_revision > cur.case_revision || (r.case_revision === cur.case_revision && r.assessment_revision > cur.assessment_revision);
    if (better) latest.set(r.assessment_id, r);
  }
  for (const [id, r] of latest) if (r.case_revision !== topCase.get(r.case_id)) latest.delete(id);
  return latest;
}

export interface LesionDbRow {
  row_id: number;
  lesion_id: string;
  assessment_row: number;
  study_number: string;
  subject_id: string;
  organ: string;
  category: string;
  state: string;
  series_number: number;
  series_description: string;
  instance_number: number;
  modality: string;
  label: string;
  change_previous: number | null;
  change_baseline: number | null;
  change_nadir: number | null;
  effective_at: string;
  value: number | null;
  unit: string;
}

export function dbLesions(study: string): LesionDbRow[] {
  return db()
    .prepare(
      `SELECT row_id, lesion_id, assessment_row, study_number, subject_id, organ, category, state, series_number, series_description,
              instance_number, modality, label, change_previous, change_baseline, change_nadir, effective_at, value, unit
       FROM lesions WHERE study_number = ? ORDER BY row_id`,
    )
    .all(study) as LesionDbRow[];
}

/** Studies the tests treat as RECIST 1.1 (the only criteria DiagnosticReport serves). */
export const isRecist = (s: StudyRow) => s.criteria === "RECIST 1.1";

/** Every study of the database plus one that does not exist. */
export function matrixStudies(): string[] {
  return [...dbStudies().map((s) => s.study_number), NO_SUCH_STUDY];
}

/** Groups a list by a key. */
export function groupBy<T>(list: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of list) {
    const k = key(t);
    const l = out.get(k);
    if (l) l.push(t);
    else out.set(k, [t]);
  }
  return out;
}

/** The record key of a served resource (decisions.md: what `_Id` filters on). */
export function recordKey(e: Endpoint, r: Resource): string {
  switch (e.name) {
    case "AdverseEvent":
      return identifierValue(r, `${STRUCTURE_BASE}/`);
    case "DiagnosticReport":
      return identifierValue(r, sd("AssessmentId"));
    case "observation imaging":
      return identifierValue(r, sd("LesionIdentifier"));
    case "Patient":
    case "observation laboratory":
    case "observation vital-signs":
    case "MedicationStatement":
      return r.id as string;
    case "Group":
      return identifierValue(r, sd("IDB.Protocol"));
    default:
      throw new Error(`no key for ${e.name}`);
  }
}
