/**
 * Estimated heap bytes of cached rows, so that the cache can keep to
 * STUDY_CACHE_MAX_MB. The figures are V8's on 64-bit Node (no pointer
 * compression): an object is a 24-byte header plus an 8-byte slot per
 * property, an array 32 bytes plus 8 per element, a string 16 bytes plus
 * one byte per character (two when it holds a character beyond Latin-1)
 * rounded up to 8, a number that is not a small integer a 16-byte heap
 * number. Strings kept once by a StringPool are counted once, by the pool.
 * Checked against process.memoryUsage() on rows mapped from parsed JSON
 * pages (AE, Patient and lab-like rows, 10^5 to 3x10^5 of each): the heap
 * grew by 1.01 to 1.04 times the estimate. An array of more than
 * SAMPLE_ABOVE items (a million lab rows) is estimated from a fixed-seed
 * random sample of its items, scaled: walking every row cost about 5% of a
 * load, and the sample lands within a fraction of a percent (tested).
 */
const OBJECT = 24;
const SLOT = 8;
const ARRAY = 32;
const STRING = 16;
const HEAP_NUMBER = 16;
const SMI_LIMIT = 2 ** 30;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the range is Latin-1 from its first code point on.
const TWO_BYTE = /[^\u0000-\u00ff]/;
const SAMPLE_ABOVE = 20_000;
const SAMPLE_SIZE = 8_192;

export function stringBytes(s: string): number {
  return Math.ceil((STRING + (TWO_BYTE.test(s) ? 2 : 1) * s.length) / 8) * 8;
}

/** One copy of each repeated string (test codes, units, visits, labels, subject IDs) for one cache entry. */
export class StringPool {
  private readonly strings = new Map<string, string>();
  bytes = 0;

  readonly intern = (s: string): string => {
    const kept = this.strings.get(s);
    if (kept !== undefined) return kept;
    this.strings.set(s, s);
    this.bytes += stringBytes(s);
    return s;
  };

  has(s: string): boolean {
    return this.strings.has(s);
  }
}

/** Estimated bytes of a value made of plain objects, arrays, strings, numbers and booleans. */
export function estimateBytes(value: unknown, pool?: StringPool): number {
  switch (typeof value) {
    case "string":
      return pool?.has(value) ? 0 : stringBytes(value);
    case "number":
      return Number.isInteger(value) && Math.abs(value) < SMI_LIMIT ? 0 : HEAP_NUMBER;
    case "object": {
      if (value === null) return 0;
      if (Array.isArray(value)) return ARRAY + SLOT * value.length + itemsBytes(value, pool);
      let bytes = OBJECT;
      for (const key in value) bytes += SLOT + estimateBytes((value as Record<string, unknown>)[key], pool);
      return bytes;
    }
    default:
      // Booleans, null and undefined are shared constants; functions and symbols are not cached.
      return 0;
  }
}

function itemsBytes(items: unknown[], pool?: StringPool): number {
  let bytes = 0;
  if (items.length <= SAMPLE_ABOVE) {
    for (const item of items) bytes += estimateBytes(item, pool);
    return bytes;
  }
  // Random, not every k-th, so that rows repeating with a period (tests per visit) cannot bias the sample.
  let seed = 0x9e3779b9;
  for (let i = 0; i < SAMPLE_SIZE; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    bytes += estimateBytes(items[Math.floor((seed / 2 ** 32) * items.length)], pool);
  }
  return Math.round((bytes * items.length) / SAMPLE_SIZE);
}
