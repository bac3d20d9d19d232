/**
 * A component's large prop (a chart's bars, points, timeline items) as the server hands it to the browser: one text,
 * not a tree of objects. React's payload serializer visits every value of a client component's props with a callback
 * of its own, and the page's HTML rendering and the browser read them back the same way; one text is one visit,
 * written and read by the engine's own JSON (docs/benchmarks.md, bench:views, 2026-11-26). Tables' rows have their own,
 * columnar form (lib/tables/packed-rows.ts).
 *
 * The round trip is exact for what the props hold: texts, finite numbers, booleans, null, arrays and plain objects;
 * a property whose value is undefined is left out, which reads the same. A number JSON cannot write (NaN, Infinity)
 * is kept too: written as `{ "$number": "NaN" }` and read back by a reviver, which is paid for only when one occurs.
 */
export interface Packed<T> {
  readonly packedJson: string;
  /** Set when a number JSON cannot write was found: the reader then revives it. */
  readonly numbers?: true;
  /** The packed value's type, for the checker only. */
  readonly __packed?: T;
}

const NUMBER = "$number";

export function pack<T>(value: T): Packed<T> {
  // The engine's JSON without a callback when it can: a replacer is a call into script for every value, and a walk
  // that only looks for an unwritable number costs half as much as that on a chart of a thousand bars.
  if (!holdsUnwritableNumber(value)) return { packedJson: JSON.stringify(value) };
  let numbers = false;
  const packedJson = JSON.stringify(value, (_key, v) => {
    if (typeof v !== "number" || Number.isFinite(v)) return v;
    numbers = true;
    return { [NUMBER]: String(v) };
  });
  return numbers ? { packedJson, numbers: true } : { packedJson };
}

/** Whether a number JSON cannot write (NaN, Infinity) is anywhere in the value. */
function holdsUnwritableNumber(value: unknown): boolean {
  if (typeof value === "number") return !Number.isFinite(value);
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (holdsUnwritableNumber(value[i])) return true;
    return false;
  }
  for (const key in value) if (holdsUnwritableNumber((value as Record<string, unknown>)[key])) return true;
  return false;
}

export function unpack<T>(packed: Packed<T>): T {
  if (!packed.numbers) return JSON.parse(packed.packedJson) as T;
  return JSON.parse(packed.packedJson, (_key, v) =>
    v !== null && typeof v === "object" && typeof v[NUMBER] === "string" ? Number(v[NUMBER]) : v,
  ) as T;
}
