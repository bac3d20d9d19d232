import { describe, expect, it } from "vitest";
import { clopperPearson } from "./clopper-pearson";

describe("clopperPearson (exact 95 % interval)", () => {
  it.each([
    // Published exact intervals (Clopper-Pearson tables; R binom.test gives the same).
    [5, 20, 0.0866, 0.491],
    [12, 20, 0.3605, 0.8088],
    [5, 10, 0.1871, 0.8129],
    // x = 1: the lower bound is 1 - 0.975^(1/n) = 1 - 0.975^0.1 = 0.0025.
    [1, 10, 0.0025, 0.445],
    // x = 0: lower 0, upper 1 - 0.025^(1/n); 0.025^0.1 = e^(ln 0.025 / 10) = e^-0.36889 = 0.6915, so 0.3085.
    [0, 10, 0, 0.3085],
    // 0.025^(1/20) = e^-0.18444 = 0.8316: upper 0.1684.
    [0, 20, 0, 0.1684],
    // x = n: lower 0.025^(1/n), upper 1.
    [10, 10, 0.6915, 1],
    [20, 20, 0.8316, 1],
    // n = 1: 0/1 is 0 to 0.975, 1/1 is 0.025 to 1.
    [0, 1, 0, 0.975],
    [1, 1, 0.025, 1],
  ])("%s / %s: %s to %s", (x, n, lower, upper) => {
    const interval = clopperPearson(x, n)!;
    expect(interval.lower).toBeCloseTo(lower, 4);
    expect(interval.upper).toBeCloseTo(upper, 4);
  });

  it("is symmetric: the interval of n - x is 1 minus that of x, reversed", () => {
    const a = clopperPearson(3, 17)!;
    const b = clopperPearson(14, 17)!;
    expect(a.lower).toBeCloseTo(1 - b.upper, 10);
    expect(a.upper).toBeCloseTo(1 - b.lower, 10);
  });

  it.each([
    [0, 0],
    [3, 2],
    [-1, 5],
    [1.5, 4],
  ])("has no interval for %s / %s", (x, n) => expect(clopperPearson(x, n)).toBeNull());
});
