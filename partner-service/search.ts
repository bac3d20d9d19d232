/** The data endpoints: parameters, grants, filters and paging, then a Bundle. */

import { API_PATH } from "@/partner-api/paths";
import { OBSERVATION_CATEGORIES } from "@/partner-api/record-types";
import type { Caller, GrantCheck } from "./auth";
import { type BundleEntry, bundleJson } from "./bundle";
import { badRequest, rawJsonResponse } from "./http";
import { type Filter, rowObjects, type ServiceQueries } from "./queries";
import type { BuildContext, ServiceSystems, StudyInfo } from "./resources/build-context";
import { compiledEntryWriter, type EntryWriter } from "./resources/compiled";
import type { AssessmentRow } from "./resources/diagnostic-report";
import { groupResource } from "./resources/patient";
import { RECORD_TYPE_SPECS, type RecordTypeName, type RecordTypeSpec } from "./resources/record-types";
import { type Paging, pageLinks, pageRange, parseKey, parsePaging, parseStudy, single } from "./search-params";

export type Route =
  | { type: "recordType"; recordType: Exclude<RecordTypeName, "imaging" | "laboratory" | "vital-signs" | "Patient"> }
  | { type: "observation" }
  | { type: "group" };

export interface SearchDeps {
  queries: ServiceQueries;
  grants: GrantCheck;
  baseUrl: string;
  structureBase: string;
  ctcBase: string;
  systems: ServiceSystems;
  /**
   * Compiled record types' entry writers, by the study they were built for (the
   * store's StudyInfo) and record type: a writer depends only on these and on the
   * fields above, so it is built once, not on every page.
   */
  entryWriters: WeakMap<StudyInfo, Map<RecordTypeSpec, EntryWriter>>;
}

export interface Page {
  path: string;
  linkParams: Record<string, string>;
  paging: Paging;
  study?: string;
  total: number;
  entries: BundleEntry[];
}

export function api(deps: SearchDeps): string {
  return `${deps.baseUrl}${API_PATH}`;
}

export function context(deps: SearchDeps, study: StudyInfo): BuildContext {
  return { api: api(deps), structureBase: deps.structureBase, ctcBase: deps.ctcBase, systems: deps.systems, study };
}

/** A search's answer, and the rows it serves (what the client's row budget is charged, service.ts). */
export interface Served {
  response: Response;
  rows: number;
}

export function pageResponse(deps: SearchDeps, p: Page): Served {
  const urlFor = (page: number) => {
    const query = new URLSearchParams({ ...p.linkParams, page: String(page), _count: String(p.paging.count) });
    return `${api(deps)}/${p.path}?${query}`;
  };
  const identifier =
    p.study === undefined ? undefined : { system: `${deps.structureBase}#IDB.Protocol`, value: p.study };
  const body = bundleJson(identifier, p.total, pageLinks(p.total, p.paging, urlFor), p.entries);
  return { response: rawJsonResponse(body), rows: p.entries.length };
}

function observationType(params: URLSearchParams): RecordTypeName {
  const category = single(params, "category");
  if (!category) throw badRequest("The parameter category is required: imaging, laboratory or vital-signs.");
  if (!(OBSERVATION_CATEGORIES as readonly string[]).includes(category)) {
    throw badRequest("The parameter category must be imaging, laboratory or vital-signs.");
  }
  return category as RecordTypeName;
}

function filtersOf(
  spec: RecordTypeSpec,
  params: URLSearchParams,
): { filters: Filter[]; linkParams: Record<string, string> } {
  const filters: Filter[] = [];
  const linkParams: Record<string, string> = {};
  const recordKey = parseKey(params, "_Id");
  if (recordKey !== undefined) {
    filters.push({ column: spec.key, value: recordKey });
    linkParams._Id = recordKey;
  }
  const id = spec.idColumn ? parseKey(params, "id") : undefined;
  if (id !== undefined && spec.idColumn) {
    filters.push({ column: spec.idColumn, value: id });
    linkParams.id = id;
  }
  return { filters, linkParams };
}

/**
 * A page of rows, each as its values in the record type's column order (what compiled record types write from,
 * resources/compiled.ts).
 */
function readValues(
  deps: SearchDeps,
  spec: RecordTypeSpec,
  study: string,
  filters: Filter[],
  paging: Paging,
): { total: number; rows: unknown[][] } {
  if (filters.length > 0)
    return deps.queries.filteredValues(spec, study, filters, paging.count, (paging.page - 1) * paging.count);
  const total = deps.queries.total(spec, study);
  const { from, to } = pageRange(paging);
  if (from > total) return { total, rows: [] };
  return { total, rows: deps.queries.rangeValues(spec, study, from, Math.min(to, total)) };
}

/** A page of rows as objects, for the builders. */
export function readRows(
  deps: SearchDeps,
  spec: RecordTypeSpec,
  study: string,
  filters: Filter[],
  paging: Paging,
): { total: number; rows: unknown[] } {
  const { total, rows } = readValues(deps, spec, study, filters, paging);
  return { total, rows: rowObjects(spec, rows) };
}

function attachLesions(deps: SearchDeps, study: string, rows: AssessmentRow[]): void {
  const lesions = deps.queries.lesionIds(
    study,
    rows.map((r) => r.row_id),
  );
  for (const r of rows) r.lesions = lesions.get(r.row_id) ?? [];
}

export function searchRecordType(deps: SearchDeps, route: Route, params: URLSearchParams, caller: Caller): Served {
  const typeName =
    route.type === "observation" ? observationType(params) : route.type === "recordType" ? route.recordType : undefined;
  const study = parseStudy(params, true)!;
  const paging = parsePaging(params);
  deps.grants.require(caller, study);
  const info = deps.queries.study(study);
  if (typeName === undefined) return groupPage(deps, study, info, params, paging);

  const spec: RecordTypeSpec = RECORD_TYPE_SPECS[typeName];
  const { filters, linkParams } = filtersOf(spec, params);
  const base = { researchstudy: study, ...(spec.category ? { category: spec.category } : {}), ...linkParams };
  const served = info !== undefined && !(spec.recistOnly && info.criteria !== "RECIST 1.1");
  const found = served
    ? recordEntries(deps, spec, study, filters, paging, context(deps, info))
    : { total: 0, entries: [] };
  return pageResponse(deps, { path: spec.path, linkParams: base, paging, study, ...found });
}

/**
 * A served record type's page: its total and its entries, written by the compiled writer or the record type's
 * builder.
 */
function recordEntries(
  deps: SearchDeps,
  spec: RecordTypeSpec,
  study: string,
  filters: Filter[],
  paging: Paging,
  ctx: BuildContext,
): { total: number; entries: BundleEntry[] } {
  if (spec.compiled) {
    const { total, rows } = readValues(deps, spec, study, filters, paging);
    return { total, entries: rows.map(entryWriter(deps, spec, ctx)) };
  }
  const { total, rows } = readRows(deps, spec, study, filters, paging);
  if (spec === RECORD_TYPE_SPECS.DiagnosticReport) attachLesions(deps, study, rows as AssessmentRow[]);
  return {
    total,
    entries: rows.map((row) => ({ fullUrl: spec.fullUrl(row as never, ctx), resource: spec.build(row as never, ctx) })),
  };
}

/** The compiled writer for this record type and ctx's study, built on first use (ctx is `context(deps, ctx.study)`). */
function entryWriter(deps: SearchDeps, spec: RecordTypeSpec, ctx: BuildContext): EntryWriter {
  let bySpec = deps.entryWriters.get(ctx.study);
  if (!bySpec) {
    bySpec = new Map();
    deps.entryWriters.set(ctx.study, bySpec);
  }
  let write = bySpec.get(spec);
  if (!write) {
    write = compiledEntryWriter(spec, ctx);
    bySpec.set(spec, write);
  }
  return write;
}

function groupPage(
  deps: SearchDeps,
  study: string,
  info: StudyInfo | undefined,
  params: URLSearchParams,
  paging: Paging,
): Served {
  const recordKey = parseKey(params, "_Id");
  const exists = info !== undefined && (recordKey === undefined || recordKey === study);
  const entries: BundleEntry[] = [];
  if (exists && paging.page === 1) {
    const ctx = context(deps, info);
    entries.push({
      fullUrl: `${api(deps)}/Group?${new URLSearchParams({ researchstudy: study, _Id: study })}`,
      resource: groupResource(deps.queries.groupMembers(study), ctx),
    });
  }
  const linkParams = { researchstudy: study, ...(recordKey !== undefined ? { _Id: recordKey } : {}) };
  return pageResponse(deps, { path: "Group", linkParams, paging, study, total: exists ? 1 : 0, entries });
}
