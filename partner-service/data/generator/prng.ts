/**
 * Seeded randomness: every value of the data set comes from here, never from
 * Math.random or the clock.
 *
 * sfc32 keeps 128 bits of state: mulberry32's single 2^32 cycle would let the
 * streams of different subjects overlap at a million GUIDs. Each subject and
 * domain gets its own stream, named and hashed by cyrb128, so a change in one
 * domain (say, one more lab test) does not shift every value that follows it.
 */

export type Seed128 = readonly [number, number, number, number];

/** cyrb128 string hash: 128 well-mixed bits from a readable stream name. */
export function hash128(text: string): Seed128 {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const hex = (value: number, width: number) => (value >>> 0).toString(16).padStart(width, "0");

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: Seed128) {
    [this.a, this.b, this.c, this.d] = seed;
    // The first outputs of sfc32 still echo the seed words.
    for (let i = 0; i < 15; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }

  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.float();
  }

  /** Uniform integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)];
  }

  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let x = this.float() * total;
    for (const [item, w] of items) {
      x -= w;
      if (x < 0) return item;
    }
    return items[items.length - 1][0];
  }

  /** Box-Muller; both draws are consumed so the stream position never depends on a cache. */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.float();
    const v = this.float();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  logNormal(median: number, sigma: number): number {
    return median * Math.exp(this.normal(0, sigma));
  }

  poisson(lambda: number): number {
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.float();
    while (p > limit && k < 200) {
      k++;
      p *= this.float();
    }
    return k;
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }

  /** A version-4-shaped GUID (8-4-4-4-12 hex) made of 122 random bits. */
  guid(): string {
    const a = this.u32();
    const b = this.u32();
    const c = this.u32();
    const d = this.u32();
    const version = hex((b & 0x0fff) | 0x4000, 4); // 4xxx
    const variant = hex(((c >>> 16) & 0x3fff) | 0x8000, 4); // 8xxx to bxxx
    return `${hex(a, 8)}-${hex(b >>> 16, 4)}-${version}-${variant}-${hex(c & 0xffff, 4)}${hex(d, 8)}`;
  }
}

/** The stream for one purpose, e.g. stream(seed, "ONC-101", 12, "labs"). */
export function stream(seed: number, ...parts: (string | number)[]): Rng {
  return new Rng(hash128(`${seed}|${parts.join("|")}`));
}
