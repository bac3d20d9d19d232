/** Query-parameter parsing and bundle paging arithmetic (docs/partner-service.md, "Bundles and paging"). */
import { badRequest } from "./http";

export const DEFAULT_COUNT = 100;
export const MAX_COUNT = 1000;
const STUDY_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** One value or none; a repeated parameter is ambiguous and refused. */
export function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw badRequest(`The parameter ${name} may be given only once.`);
  return values[0];
}

export function parseStudy(params: URLSearchParams, required: boolean): string | undefined {
  const value = single(params, "researchstudy");
  if (value === undefined || value === "") {
    if (required) throw badRequest("The parameter researchstudy is required.");
    return undefined;
  }
  if (!STUDY_PATTERN.test(value)) throw badRequest("The parameter researchstudy is malformed: use the study number.");
  return value;
}

/**
 * A record-key filter (`_Id`, `id`, `_id`). A value that cannot be a key is refused (400) rather than matching
 * nothing: the answer then carries no links, so it never repeats a value the service could not use.
 */
export function parseKey(params: URLSearchParams, name: string): string | undefined {
  const value = single(params, name);
  if (value === undefined) return undefined;
  if (!KEY_PATTERN.test(value))
    throw badRequest(
      `The parameter ${name} is malformed: a record key is 1-128 letters, digits, '.', '_', ':' or '-'.`,
    );
  return value;
}

/** Pages beyond this are all past the last page of any study; capping keeps offsets exact integers for SQLite. */
const PAGE_CAP = 1e12;

function positiveInt(params: URLSearchParams, name: string): number | undefined {
  const raw = single(params, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || !/[1-9]/.test(raw))
    throw badRequest(`The parameter ${name} must be a whole number of at least 1.`);
  return Math.min(Number(raw), PAGE_CAP);
}

export interface Paging {
  page: number;
  count: number;
}

export function parsePaging(params: URLSearchParams): Paging {
  const page = positiveInt(params, "page") ?? 1;
  const count = Math.min(positiveInt(params, "_count") ?? DEFAULT_COUNT, MAX_COUNT);
  return { page, count };
}

/** Number of the last page; 1 for an empty result so that `last` always points at a real page. */
export function lastPage(total: number, count: number): number {
  return Math.max(1, Math.ceil(total / count));
}

/** The 1-based inclusive sequence range a page covers. */
export function pageRange({ page, count }: Paging): { from: number; to: number } {
  const from = (page - 1) * count + 1;
  return { from, to: from + count - 1 };
}

export interface BundleLink {
  relation: "self" | "first" | "last" | "next";
  url: string;
}

/** `self`, `first`, `last` and, except on the last page or past it, `next`. */
export function pageLinks(total: number, paging: Paging, urlFor: (page: number) => string): BundleLink[] {
  const last = lastPage(total, paging.count);
  const links: BundleLink[] = [
    { relation: "self", url: urlFor(paging.page) },
    { relation: "first", url: urlFor(1) },
    { relation: "last", url: urlFor(last) },
  ];
  if (paging.page < last) links.push({ relation: "next", url: urlFor(paging.page + 1) });
  return links;
}
