/**
 * Values held per key in a Map or a WeakMap, made on first use; and numbers for objects, one each, for keys that
 * must name an object without holding it (a cache key of text).
 */

interface Holder<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value `held` has for `key`; made by `make` and kept there when it has none. */
export function heldOr<K, V>(held: Holder<K, V>, key: K, make: () => V): V {
  let value = held.get(key);
  if (value === undefined) {
    value = make();
    held.set(key, value);
  }
  return value;
}

/** A numbering of objects: each object its own number, from 1, for as long as the object lives. */
export function objectNumbers(): (o: object) => number {
  const numbers = new WeakMap<object, number>();
  let seen = 0;
  return (o) => heldOr(numbers, o, () => ++seen);
}
