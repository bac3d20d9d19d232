/**
 * The generator of the URL fuzz tests: addresses' query parameters that are random, oversized, repeated, empty,
 * markup, unicode, out-of-range numbers or the names of Object.prototype's properties, drawn from a seeded stream
 * so that a failure is found again with the same seed. Parameter names are learnt from the parser under test: a
 * query that records the names it is asked for.
 */
import { type Rng, stream } from "@/partner-service/data/generator/prng";

/** The markup a fuzzed value may carry: none of it may come out of a page raw. */
export const MARKUP = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>'];
/** What raw markup looks like in a page: an element the value opened. */
export const RAW_MARKUP = /<script|<img/i;

export const HOSTILE_VALUES: readonly string[] = [
  "",
  "   ",
  "x".repeat(10_000),
  `${"9".repeat(5_000)}.${"9".repeat(5_000)}`,
  ...MARKUP,
  "javascript:alert(1)",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "-0",
  "1e309",
  "1e-400",
  "0x1F",
  "1.5",
  "99999999999999999999",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "💥",
  "\u202e",
  "\u0000",
  "\ud800",
  "e\u0301",
  "%zz",
  "%00",
  "../..",
  "a,b,,c,",
  ",".repeat(5_000),
];

/** Parameter names besides those a parser asks for. */
const HOSTILE_NAMES = ["__proto__", "constructor", "", "x".repeat(1_000), "f_", "_f_x", "sort", "page"];

const CHARS = [..."aZ09 .,;:/?#&=+-_*%<>\"'`\\()[]{}|", "é", "ß", "中", "💥", "\u0000", "\u001f", "\u202e", "\ud800"];

export const fuzzStream = (name: string): Rng => stream(20_261_129, "url-fuzz", name);

export function randomText(rng: Rng, max: number): string {
  let out = "";
  for (let n = rng.int(0, max); n > 0; n--) out += rng.pick(CHARS);
  return out;
}

const fuzzedValue = (rng: Rng) => (rng.chance(0.5) ? rng.pick(HOSTILE_VALUES) : randomText(rng, 40));

/** A query of up to eight parameters, mostly of the names given, some repeated (up to five times). */
export function fuzzedParams(rng: Rng, names: readonly string[]): URLSearchParams {
  const params = new URLSearchParams();
  for (let k = rng.int(0, 8); k > 0; k--) {
    const name = rng.chance(0.85) && names.length > 0 ? rng.pick(names) : rng.pick(HOSTILE_NAMES);
    for (let r = rng.chance(0.2) ? rng.int(2, 5) : 1; r > 0; r--) params.append(name, fuzzedValue(rng));
  }
  return params;
}

/** Search parameters that note every name they are asked for, so that the fuzz learns a parser's names. */
export class RecordingParams extends URLSearchParams {
  constructor(
    init: URLSearchParams,
    readonly asked: Set<string>,
  ) {
    super(init);
  }
  override get(name: string) {
    this.asked.add(name);
    return super.get(name);
  }
  override getAll(name: string) {
    this.asked.add(name);
    return super.getAll(name);
  }
  override has(name: string, value?: string) {
    this.asked.add(name);
    return super.has(name, value);
  }
}
