import { describe, expect, it } from "vitest";
import { logAxis } from "./log-axis";

describe("a log value axis", () => {
  it("spans whole decades around the values, with 2 and 5 between powers of ten over two decades or less", () =>
    // 12 to 340: from 10 to 1000.
    expect(logAxis([12, 340, 55])).toEqual({ domain: [10, 1000], ticks: [10, 20, 50, 100, 200, 500, 1000] }));

  it("ticks at powers of ten only over more decades", () =>
    // 0.03 to 4500: 0.01 to 10000, six decades.
    expect(logAxis([0.03, 4500])).toEqual({ domain: [0.01, 10000], ticks: [0.01, 0.1, 1, 10, 100, 1000, 10000] }));

  it("gives one decade at least, and leaves out what a log axis cannot show", () => {
    expect(logAxis([10, 10, 0, -3])).toEqual({ domain: [10, 100], ticks: [10, 20, 50, 100] });
    expect(logAxis([0, -1])).toBeNull();
  });
});
