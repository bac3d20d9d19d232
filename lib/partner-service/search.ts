/** The data endpoints: parameters, grants, filters and paging, then a Bundle. */

import { API_PATH } from "../partner-api/paths";
import type { Caller, GrantCheck } from "./auth";
import { type BundleEntry, bundleJson } from "./bundle";
import { badRequest, rawJsonResponse } from "./http";
import { type Filter, rowObjects, type ServiceStore } from "./queries";
import type { BuildContext, ServiceSystems, StudyInfo } from "./resources/build-context";
import { compiledEntryWriter, type EntryWriter } from "./resources/compiled";
import type { AssessmentRow } from "./resources/diagnostic-report";
import { groupResource } from "./resources/patient";
import { KINDS, type KindName, type KindSpec, OBSERVATION_CATEGORIES } from "./resources/record-types";
import { type Paging, pageLinks, pageRange, parseKey, parsePaging, parseStudy, single } from "./search-params";

export type Route =
  | { type: "kind"; kind: Exclude<KindName, "imaging" | "laboratory" | "vital-signs" | "Patient"> }
  | { type: "observation" }
  | { type: "group" };

export interface SearchDeps {
  store: ServiceStore;
  grants: GrantCheck;
  baseUrl: string;
  structureBase: string;
  ctcBase: string;
  systems: ServiceSystems;
  /**
   * Compiled kinds' entry writers, by the study they were built for (the
   * store's StudyInfo) and kind: a writer depends only on these and on the
   * fields above, so it is built once, not on every page.
   */
  entryWriters: WeakMap<StudyInfo, Map<KindSpec, EntryWriter>>;
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

export function pageResponse(deps: SearchDeps, p: Page): Response {
  const urlFor = (page: number) =>
    `${api(deps)}/${p.path}?${new URLSearchParams({ ...p.linkParams, page: String(page), _count: String(p.paging.count) })}`;
  const identifier =
    p.study === undefined ? undefined : { system: `${deps.structureBase}#IDB.Protocol`, value: p.study };
  return rawJsonResponse(bundleJson(identifier, p.total, pageLinks(p.total, p.paging, urlFor), p.entries));
}

function observationKind(params: URLSearchParams): KindName {
  const category = single(params, "category");
  if (!category) throw badRequest("The parameter category is required: imaging, laboratory or vital-signs.");
  if (!(OBSERVATION_CATEGORIES as readonly string[]).includes(category)) {
    throw badRequest("The parameter category must be imaging, laboratory or vital-signs.");
  }
  return category as KindName;
}

function filtersOf(kind: KindSpec, params: URLSearchParams): { filters: Filter[]; linkParams: Record<string, string> } {
  const filters: Filter[] = [];
  const linkParams: Record<string, string> = {};
  const recordKey = parseKey(params, "_Id");
  if (recordKey !== undefined) {
    filters.push({ column: kind.key, value: recordKey });
    linkParams._Id = recordKey;
  }
  const id = kind.idColumn ? parseKey(params, "id") : undefined;
  if (id !== undefined && kind.idColumn) {
    filters.push({ column: kind.idColumn, value: id });
    linkParams.id = id;
  }
  return { filters, linkParams };
}

/** A page of rows, each as its values in the kind's column order (what compiled kinds write from, kinds/compiled.ts). */
function readValues(
  deps: SearchDeps,
  kind: KindSpec,
  study: string,
  filters: Filter[],
  paging: Paging,
): { total: number; rows: unknown[][] } {
  if (filters.length > 0)
    return deps.store.filteredValues(kind, study, filters, paging.count, (paging.page - 1) * paging.count);
  const total = deps.store.total(kind, study);
  const { from, to } = pageRange(paging);
  if (from > total) return { total, rows: [] };
  return { total, rows: deps.store.rangeValues(kind, study, from, Math.min(to, total)) };
}

/** A page of rows as objects, for the builders. */
export function readRows(
  deps: SearchDeps,
  kind: KindSpec,
  study: string,
  filters: Filter[],
  paging: Paging,
): { total: number; rows: unknown[] } {
  const { total, rows } = readValues(deps, kind, study, filters, paging);
  return { total, rows: rowObjects(kind, rows) };
}

function attachLesions(deps: SearchDeps, study: string, rows: AssessmentRow[]): void {
  const lesions = deps.store.lesionIds(
    study,
    rows.map((r) => r.row_id),
  );
  for (const r of rows) r.lesions = lesions.get(r.row_id) ?? [];
}

export function searchKind(deps: SearchDeps, route: Route, params: URLSearchParams, caller: Caller): Response {
  const kindName =
    route.type === "observation" ? observationKind(params) : route.type === "kind" ? route.kind : undefined;
  const study = parseStudy(params, true)!;
  const paging = parsePaging(params);
  deps.grants.require(caller, study);
  const info = deps.store.study(study);
  if (kindName === undefined) return groupPage(deps, study, info, params, paging);

  const kind: KindSpec = KINDS[kindName];
  const { filters, linkParams } = filtersOf(kind, params);
  const base = { researchstudy: study, ...(kind.category ? { category: kind.category } : {}), ...linkParams };
  const served = info !== undefined && !(kind.recistOnly && info.criteria !== "RECIST 1.1");
  const found = served
    ? kindEntries(deps, kind, study, filters, paging, context(deps, info))
    : { total: 0, entries: [] };
  return pageResponse(deps, { path: kind.path, linkParams: base, paging, study, ...found });
}

/** A served kind's page: its total and its entries, written by the compiled writer or the kind's builder. */
function kindEntries(
  deps: SearchDeps,
  kind: KindSpec,
  study: string,
  filters: Filter[],
  paging: Paging,
  ctx: BuildContext,
): { total: number; entries: BundleEntry[] } {
  if (kind.compiled) {
    const { total, rows } = readValues(deps, kind, study, filters, paging);
    return { total, entries: rows.map(entryWriter(deps, kind, ctx)) };
  }
  const { total, rows } = readRows(deps, kind, study, filters, paging);
  if (kind === KINDS.DiagnosticReport) attachLesions(deps, study, rows as AssessmentRow[]);
  return {
    total,
    entries: rows.map((row) => ({ fullUrl: kind.fullUrl(row as never, ctx), resource: kind.build(row as never, ctx) })),
  };
}

/** The compiled writer for this kind and ctx's study, built on first use (ctx is `context(deps, ctx.study)`). */
function entryWriter(deps: SearchDeps, kind: KindSpec, ctx: BuildContext): EntryWriter {
  let byKind = deps.entryWriters.get(ctx.study);
  if (!byKind) {
    byKind = new Map();
    deps.entryWriters.set(ctx.study, byKind);
  }
  let write = byKind.get(kind);
  if (!write) {
    write = compiledEntryWriter(kind, ctx);
    byKind.set(kind, write);
  }
  return write;
}

function groupPage(
  deps: SearchDeps,
  study: string,
  info: StudyInfo | undefined,
  params: URLSearchParams,
  paging: Paging,
): Response {
  const recordKey = parseKey(params, "_Id");
  const exists = info !== undefined && (recordKey === undefined || recordKey === study);
  const entries: BundleEntry[] = [];
  if (exists && paging.page === 1) {
    const ctx = context(deps, info);
    entries.push({
      fullUrl: `${api(deps)}/Group?${new URLSearchParams({ researchstudy: study, _Id: study })}`,
      resource: groupResource(deps.store.groupMembers(study), ctx),
    });
  }
  const linkParams = { researchstudy: study, ...(recordKey !== undefined ? { _Id: recordKey } : {}) };
  return pageResponse(deps, { path: "Group", linkParams, paging, study, total: exists ? 1 : 0, entries });
}
