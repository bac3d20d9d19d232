/**
 * Aggregates derived from cached rows, computed once per cache entry and
 * reused by every request that shows them (a study's AE table, a test's
 * shift table, the laboratory rows of one subject...). They hang off the
 * cached rows object itself in a WeakMap, so they are dropped with the entry
 * when it expires, is refreshed or is evicted, and they are never shared
 * between two partner identities (each has its own entries). A derived value
 * that depends on several record types names all of them: when any of them is
 * reloaded, the value is computed again.
 *
 * Names may carry request parameters (a test code, a subject ID, thresholds),
 * so the values per entry are bounded: the least recently used go first. A
 * family of values that are many and large (one subject's profile each) can
 * have its own, smaller bound, so that it neither holds much memory nor
 * pushes the study's aggregates out.
 */
const MAX_PER_ENTRY = 256;

/** At most `max` values of this family per entry: the least recently used of the family go first. */
export interface DerivedLimit {
  family: string;
  max: number;
}

interface Derived {
  deps: readonly object[];
  value: unknown;
  family: string | null;
}

const byEntry = new WeakMap<object, Map<string, Derived>>();

/**
 * The value `compute` gives for `name` over `deps` (cached rows objects, the first one holding the memo),
 * computed at most once while the same objects are cached.
 */
export function derived<T>(
  name: string,
  deps: readonly [object, ...object[]],
  compute: () => T,
  limit?: DerivedLimit,
): T {
  let values = byEntry.get(deps[0]);
  if (!values) {
    values = new Map();
    byEntry.set(deps[0], values);
  }
  const found = values.get(name);
  if (found && found.deps.length === deps.length && found.deps.every((d, i) => d === deps[i])) {
    // Most recently used last: a Map keeps insertion order.
    values.delete(name);
    values.set(name, found);
    return found.value as T;
  }
  const value = compute();
  values.delete(name);
  if (limit) dropOldest(values, (d) => d.family === limit.family, limit.max);
  dropOldest(values, () => true, MAX_PER_ENTRY);
  values.set(name, { deps, value, family: limit?.family ?? null });
  return value;
}

/** Makes room for one more value among those `of` selects, keeping at most `max`: the least recently used go. */
function dropOldest(values: Map<string, Derived>, of: (d: Derived) => boolean, max: number): void {
  let count = 0;
  for (const d of values.values()) if (of(d)) count++;
  for (const [name, d] of values) {
    if (count < max) return;
    if (!of(d)) continue;
    values.delete(name);
    count--;
  }
}
