/**
 * What the tests of the partner's text share: texts that break a lookup in a plain object (the names of
 * Object.prototype's properties) or a careless reader (a text of 100,000 characters), and a check that a value
 * read from such a text holds nothing a lookup could have inherited (docs/security.md, code-to-label lookups).
 */
import { expect } from "vitest";

export const LONG_TEXT = "x".repeat(100_000);

/** The texts every reader of the partner's text is given, besides its usual ones. */
export const HOSTILE_TEXTS: readonly string[] = [
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "isPrototypeOf",
  "__defineGetter__",
  "CONSTRUCTOR",
  " constructor ",
  "",
  "   ",
  LONG_TEXT,
  `${LONG_TEXT} ${LONG_TEXT}`,
];

const PROTOTYPES = new Set<unknown>([Object.prototype, Array.prototype, Function.prototype, String.prototype]);

/**
 * Fails when `value` holds, at any depth, a function or a built-in prototype (what `table[text]` gives for
 * `constructor` or `__proto__`), or an object that is neither an array nor a plain or null-prototype object.
 */
export function expectNothingInherited(value: unknown, where = "value"): void {
  if (typeof value === "function") expect.fail(`${where} is a function`);
  if (typeof value !== "object" || value === null) return;
  if (PROTOTYPES.has(value)) expect.fail(`${where} is a built-in prototype`);
  const proto = Object.getPrototypeOf(value);
  const shape = [Object.prototype, Array.prototype, null].includes(proto);
  if (!shape && !(value instanceof Map) && !(value instanceof Set)) expect.fail(`${where} is a ${typeof value}`);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  for (const [k, v] of entries) expectNothingInherited(v, `${where}.${String(k)}`);
}

/** The longest text anywhere in `value`: what a reader may give back, never more. */
export function longestText(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (typeof value !== "object" || value === null) return 0;
  return Object.values(value).reduce((n: number, v) => Math.max(n, longestText(v)), 0);
}
