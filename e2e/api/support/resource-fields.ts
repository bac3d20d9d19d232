/** Accessors of served resources and the value shapes of docs/partner-service.md (from the specification). */

import { API_PATH, API_PREFIX, sd } from "./addresses";
import { type Check, fmt, strict } from "./check";
import type { Extension, Resource } from "./requests";

/** Every extension with this URL. */
export const extsByUrl = (r: Resource, url: string): Extension[] => (r.extension ?? []).filter((x) => x.url === url);

const VALUE_KEYS = ["valueString", "valueInteger", "valueDecimal", "valueDateTime", "valueCode"] as const;
export type ValueKey = (typeof VALUE_KEYS)[number];

/** Checks the extension carries exactly one value[x], of the given type, and returns it. */
export function extensionValue(x: Extension, key: ValueKey, c: Check = strict()): unknown {
  const keys = Object.keys(x).filter((k) => k.startsWith("value"));
  c.deep(keys, [key], `value keys of ${x.url}`);
  const v = x[key];
  if (key === "valueInteger") c.ok(Number.isInteger(v), `${x.url} ${key} ${fmt(v)} is an integer`);
  else if (key === "valueDecimal")
    c.ok(typeof v === "number" && Number.isFinite(v), `${x.url} ${key} ${fmt(v)} is a number`);
  else c.eq(typeof v, "string", `${x.url} ${key} is a string`);
  return v;
}

/** The value of the one extension `<structure_base>#name`, of the given type. */
export function extValue(r: Resource, name: string, key: ValueKey, c: Check = strict()): unknown {
  const found = extsByUrl(r, sd(name));
  if (!c.eq(found.length, 1, `${r.resourceType} extension ${name} occurs once`)) return undefined;
  return extensionValue(found[0], key, c);
}
export const extString = (r: Resource, name: string, c: Check = strict()) =>
  extValue(r, name, "valueString", c) as string;
export const extInt = (r: Resource, name: string, c: Check = strict()) =>
  extValue(r, name, "valueInteger", c) as number;

/** The value of an optional extension, or undefined when absent. */
export function optExtValue(r: Resource, name: string, key: ValueKey, c: Check = strict()): unknown {
  const found = extsByUrl(r, sd(name));
  c.ok(found.length <= 1, `${r.resourceType} extension ${name} occurs at most once`);
  return found[0] === undefined ? undefined : extensionValue(found[0], key, c);
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
// The pieces of the datetime patterns below.
const MONTH = "(0[1-9]|1[0-2])";
const DAY = String.raw`(0[1-9]|[12]\d|3[01])`;
const HOUR_MINUTE = String.raw`([01]\d|2[0-3]):[0-5]\d`;
const OFFSET = `(Z|[+-]${HOUR_MINUTE})`;
export const LOCAL_DATETIME = new RegExp(String.raw`^\d{4}-${MONTH}-${DAY}T${HOUR_MINUTE}:[0-5]\d$`);
export const OFFSET_DATETIME = new RegExp(String.raw`^\d{4}-${MONTH}-${DAY}T${HOUR_MINUTE}:[0-5]\d(\.\d+)?${OFFSET}$`);
/** A FHIR dateTime: a date, or a datetime with an optional offset. */
export const FHIR_DATETIME = new RegExp(
  String.raw`^\d{4}(-${MONTH}(-${DAY}(T${HOUR_MINUTE}(:[0-5]\d(\.\d+)?)?${OFFSET}?)?)?)?$`,
);
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
  if (!c.ok(typeof url === "string" && url.startsWith(`${API_PREFIX}/`), `${url} is absolute under ${API_PREFIX}`))
    return;
  const u = new URL(url);
  c.eq(u.pathname.slice(API_PATH.length + 1), path, `${url}: path`);
  const pairs = [...u.searchParams.entries()];
  c.deep(Object.fromEntries(pairs), params, `${url}: parameters`);
  c.eq(pairs.length, Object.keys(params).length, `${url}: no repeated parameter`);
}
