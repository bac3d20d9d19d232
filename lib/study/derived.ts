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
 * A value named by the code alone (the study's laboratory index) goes through
 * derived(). A value named by a request's parameters (one listing per choice
 * of filters, one plot per set of thresholds) goes through derivedOf(), in a
 * family of its own, bounded by few (the least recently used go first): then
 * however many parameters requests send, they cannot push the entry's own
 * aggregates out (whose computing reads a million rows), and what a family
 * holds stays small (a listing of 28,000 results, and its sorted orders,
 * takes about 0.7 MB).
 *
 * A value whose computing reads a study's million rows goes through
 * derivedInSlices(): computed in slices (lib/runtime/in-slices.ts), so that the pages of
 * other users are served in between, and shared while it is being computed:
 * the requests that ask for it meanwhile wait for the same computation.
 */
import type { Sliced } from "@/lib/clinical/common/sliced";
import { heldOr } from "@/lib/runtime/held-values";
import { inSlices } from "@/lib/runtime/in-slices";

const MAX_PER_ENTRY = 256;
/** Values per family and entry, unless the family says otherwise. */
export const MAX_PER_FAMILY = 32;

interface Derived {
  deps: readonly object[];
  value: unknown;
}

type Values = Map<string, Derived>;

const byEntry = new WeakMap<object, Values>();
const familiesByEntry = new WeakMap<object, Map<string, Values>>();

type Deps = readonly [object, ...object[]];

/**
 * The value `compute` gives for `name` over `deps` (cached rows objects, the first one holding the memo),
 * computed at most once while the same objects are cached. `name` is written in the code, not read from a request.
 */
export function derived<T>(name: string, deps: Deps, compute: () => T): T {
  return memo(entryValues(deps[0]), name, deps, compute, MAX_PER_ENTRY);
}

/**
 * As derived(), for a value computed in slices: the same promise for every request while the same objects are
 * cached. A computation that fails is forgotten, so that the next request tries again.
 */
export function derivedInSlices<T>(name: string, deps: Deps, work: () => Sliced<T>): Promise<T> {
  const values = entryValues(deps[0]);
  return memo(values, name, deps, slicedIn(values, name, work), MAX_PER_ENTRY);
}

/** As derivedOf(), for a value computed in slices (as derivedInSlices()). */
export function derivedOfInSlices<T>(
  family: string,
  key: string,
  deps: Deps,
  work: () => Sliced<T>,
  max = MAX_PER_FAMILY,
): Promise<T> {
  const values = familyValues(deps[0], family);
  return memo(values, key, deps, slicedIn(values, key, work), max);
}

/** The computation of a sliced value, forgotten from `values` if it fails. */
const slicedIn =
  <T>(values: Values, name: string, work: () => Sliced<T>) =>
  (): Promise<T> => {
    const pending = inSlices(work());
    pending.catch(() => {
      if (values.get(name)?.value === pending) values.delete(name);
    });
    return pending;
  };

const entryValues = (entry: object): Values => heldOr(byEntry, entry, () => new Map());

/**
 * The value of `key` in `family` over `deps`: as derived(), for a key made of a request's parameters (each checked
 * against the data first). A family keeps at most `max` values per entry.
 */
export function derivedOf<T>(family: string, key: string, deps: Deps, compute: () => T, max = MAX_PER_FAMILY): T {
  return memo(familyValues(deps[0], family), key, deps, compute, max);
}

const familyValues = (entry: object, family: string): Values =>
  heldOr(
    heldOr(familiesByEntry, entry, () => new Map()),
    family,
    () => new Map(),
  );

function memo<T>(values: Values, name: string, deps: Deps, compute: () => T, max: number): T {
  const found = values.get(name);
  if (found && found.deps.length === deps.length && found.deps.every((d, i) => d === deps[i])) {
    // Most recently used last: a Map keeps insertion order.
    values.delete(name);
    values.set(name, found);
    return found.value as T;
  }
  const value = compute();
  values.delete(name);
  if (values.size >= max) values.delete(values.keys().next().value as string);
  values.set(name, { deps, value });
  return value;
}
